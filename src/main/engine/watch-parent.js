// Runs the pinned dynalite (node_modules/dynalite/cli.js, with this script's arguments) and ends it
// when the Java process that started it is gone, even when that process was killed (SIGKILL) and
// could not stop it: its end of this process's stdin pipe closes, or this process gets a new parent.
'use strict'

const parent = process.ppid

process.stdin.on('end', () => process.exit(0))
process.stdin.on('error', () => process.exit(0))
process.stdin.resume()

setInterval(() => {
  if (process.ppid !== parent) process.exit(0)
}, 1000).unref()

// dynalite's UpdateTable leaves index creation and deletion out; this adds them
require('./index-updates.js')

require('./node_modules/dynalite/cli.js')
