#!/usr/bin/env python3
"""Writes the 100,000 items of the command line's scan benchmark (docs/benchmarks.md, "The command
line's JVM") as DynamoDB JSON lines to stdout: 10,000 partitions of 10 orders, each with two string
keys, a status, two numbers, a note, a string set, a map and a list. Seeded: the same file every time.

    dev/scan-items.py > items.jsonl
"""
import json
import random
import sys

random.seed(7)
for i in range(100_000):
    item = {
        "pk": {"S": "USER#%05d" % (i // 10)},
        "sk": {"S": "ORDER#%06d" % i},
        "status": {"S": random.choice(["OPEN", "SHIPPED", "CLOSED"])},
        "total": {"N": "%d.%02d" % (random.randint(1, 999), random.randint(0, 99))},
        "qty": {"N": str(random.randint(1, 20))},
        "note": {"S": "order note %d lorem ipsum dolor sit amet" % i},
        "tags": {"SS": ["a%d" % (i % 7), "b%d" % (i % 11)]},
        "addr": {"M": {"city": {"S": "Springfield"}, "zip": {"S": "%05d" % (i % 99999)}}},
        "lines": {"L": [{"S": "sku-%d" % (i % 100)}, {"N": "3"}]},
    }
    sys.stdout.write(json.dumps(item) + "\n")
