// dynalite 4.0.0 accepts UpdateTable's GlobalSecondaryIndexUpdates Create and Delete but changes
// nothing. This gives the pinned engine those two as DynamoDB has them: a created index is CREATING
// while the table's items are copied into it (Backfilling), then ACTIVE, and writes keep it current
// all along; a deleted index is DELETING, then gone. One index change per request, as DynamoDB.
// Required before dynalite loads its actions, it replaces the updateTable action in require's cache.
'use strict'

const actionPath = require.resolve('./node_modules/dynalite/actions/updateTable.js')
const db = require('./node_modules/dynalite/db')
const original = require(actionPath)
const validation = require('./node_modules/dynalite/validations/updateTable.js')

// The request's validation lets through what index creation needs: the new key attributes'
// definitions, and no throughput for an index of an on-demand table.
validation.types.AttributeDefinitions = {
  type: 'List',
  children: {
    type: 'ValueStruct<AttributeDefinition>',
    children: {
      AttributeName: { type: 'String', notNull: true },
      AttributeType: { type: 'String', notNull: true, enum: [ 'B', 'N', 'S' ] },
    },
  },
}
delete validation.types.GlobalSecondaryIndexUpdates.children.children.Create.children.ProvisionedThroughput.notNull

// Lets a write that read the table's description just before the index was added finish first, so
// no write can miss an index the backfill already passed.
const BACKFILL_DELAY_MS = 50

function updateTable (store, data, cb) {
  const changes = (data.GlobalSecondaryIndexUpdates || []).filter((u) => u.Create || u.Delete)
  if (!changes.length) return original(store, data, cb)
  if (changes.length > 1 || data.GlobalSecondaryIndexUpdates.length > 1) {
    return cb(db.limitError('Subscriber limit exceeded: Only 1 online index can be created or deleted simultaneously per table'))
  }
  const tableDb = store.tableDb
  tableDb.lock(data.TableName, (release) => {
    cb = release(cb)
    store.getTable(data.TableName, false, (err, table) => {
      if (err) return cb(err)
      if (table.TableStatus !== 'ACTIVE' || (table.GlobalSecondaryIndexes || []).some((i) => i.IndexStatus !== 'ACTIVE')) {
        return cb(inUse('Attempt to change a resource which is still in use: Table is being updated: ' + data.TableName))
      }
      const problem = changes[0].Create ? addIndex(table, changes[0].Create, data.AttributeDefinitions || []) : markDeleted(table, changes[0].Delete.IndexName)
      if (problem) return cb(problem)
      tableDb.put(data.TableName, table, (err) => {
        if (err) return cb(err)
        if (changes[0].Create) {
          setTimeout(() => backfill(store, data.TableName, changes[0].Create.IndexName), BACKFILL_DELAY_MS)
        }
        else {
          setTimeout(() => removeIndex(store, data.TableName, changes[0].Delete.IndexName), store.options.updateTableMs)
        }
        cb(null, { TableDescription: table })
      })
    })
  })
}

function addIndex (table, create, definitions) {
  const indexes = table.GlobalSecondaryIndexes || []
  if (indexes.some((i) => i.IndexName === create.IndexName) || (table.LocalSecondaryIndexes || []).some((i) => i.IndexName === create.IndexName)) {
    return db.validationError('One or more parameter values were invalid: Attempting to create an index which already exists')
  }
  for (const key of create.KeySchema) {
    const given = definitions.find((d) => d.AttributeName === key.AttributeName)
    const existing = table.AttributeDefinitions.find((d) => d.AttributeName === key.AttributeName)
    if (!given && !existing) {
      return db.validationError('One or more parameter values were invalid: Some index key attributes are not defined in AttributeDefinitions. Keys: [' + key.AttributeName + ']')
    }
    if (given && existing && given.AttributeType !== existing.AttributeType) {
      return db.validationError('One or more parameter values were invalid: Attribute ' + key.AttributeName + ' is defined as ' + existing.AttributeType + ' already')
    }
    if (!existing) table.AttributeDefinitions.push({ AttributeName: given.AttributeName, AttributeType: given.AttributeType })
  }
  const throughput = create.ProvisionedThroughput || { ReadCapacityUnits: 0, WriteCapacityUnits: 0 }
  table.GlobalSecondaryIndexes = indexes.concat({
    IndexName: create.IndexName,
    KeySchema: create.KeySchema,
    Projection: create.Projection,
    IndexStatus: 'CREATING',
    Backfilling: true,
    ProvisionedThroughput: Object.assign({ NumberOfDecreasesToday: 0 }, throughput),
    IndexSizeBytes: 0,
    ItemCount: 0,
    IndexArn: table.TableArn + '/index/' + create.IndexName,
  })
  return null
}

function markDeleted (table, name) {
  const index = (table.GlobalSecondaryIndexes || []).find((i) => i.IndexName === name)
  if (!index) return notFound('Requested resource not found: Index: ' + name + ' not found')
  index.IndexStatus = 'DELETING'
  return null
}

// Copies every item into the new index, one key at a time under the item's lock so that a write
// in progress lands before or after the copy, never across it; then the index is ACTIVE.
function backfill (store, tableName, indexName) {
  store.getTable(tableName, false, (err, table) => {
    if (err) return
    const index = (table.GlobalSecondaryIndexes || []).find((i) => i.IndexName === indexName)
    if (!index) return
    const onlyNew = Object.assign({}, table, { GlobalSecondaryIndexes: [ index ], LocalSecondaryIndexes: undefined })
    const itemDb = store.getItemDb(tableName)
    const keys = []
    itemDb.createValueStream()
      .on('data', (item) => keys.push(db.createKey(item, table)))
      .on('error', () => {})
      .on('end', () => copy(0))
    function copy (i) {
      if (i === keys.length) return activate(store, tableName, indexName, keys.length)
      itemDb.lock(keys[i], (release) => {
        const done = release(() => setImmediate(copy, i + 1))
        itemDb.get(keys[i], (err, item) => {
          if (err || !item || !fitsIndex(item, index, table.AttributeDefinitions)) return done()
          try {
            db.updateIndexes(store, onlyNew, null, item, () => done())
          } catch (e) {
            // an item the index cannot hold stays out of it; the engine must not die for it
            done()
          }
        })
      })
    }
  })
}

// Whether the item can be in the index: DynamoDB leaves out an item whose index key attribute has
// another type than the index declares (an index key violation); dynalite's index code would throw
// on it and end the engine's process, losing every table.
function fitsIndex (item, index, definitions) {
  return index.KeySchema.every((key) => {
    const value = item[key.AttributeName]
    const definition = definitions.find((d) => d.AttributeName === key.AttributeName)
    return !value || (definition && value[definition.AttributeType] !== undefined)
  })
}

function activate (store, tableName, indexName, items) {
  store.tableDb.lock(tableName, (release) => {
    const done = release(() => {})
    store.getTable(tableName, false, (err, table) => {
      if (err) return done()
      const index = (table.GlobalSecondaryIndexes || []).find((i) => i.IndexName === indexName)
      if (!index) return done()
      index.IndexStatus = 'ACTIVE'
      delete index.Backfilling
      index.ItemCount = items
      store.tableDb.put(tableName, table, () => done())
    })
  })
}

function removeIndex (store, tableName, indexName) {
  store.tableDb.lock(tableName, (release) => {
    const done = release(() => {})
    store.getTable(tableName, false, (err, table) => {
      if (err) return done()
      table.GlobalSecondaryIndexes = (table.GlobalSecondaryIndexes || []).filter((i) => i.IndexName !== indexName)
      if (!table.GlobalSecondaryIndexes.length) delete table.GlobalSecondaryIndexes
      const used = new Set(table.KeySchema.map((k) => k.AttributeName))
      for (const index of (table.GlobalSecondaryIndexes || []).concat(table.LocalSecondaryIndexes || [])) {
        index.KeySchema.forEach((k) => used.add(k.AttributeName))
      }
      table.AttributeDefinitions = table.AttributeDefinitions.filter((d) => used.has(d.AttributeName))
      store.tableDb.put(tableName, table, () => {
        store.deleteIndexDb('Global', tableName, indexName, () => done())
      })
    })
  })
}

function inUse (message) {
  const err = new Error(message)
  err.statusCode = 400
  err.body = { __type: 'com.amazonaws.dynamodb.v20120810#ResourceInUseException', message: message }
  return err
}

function notFound (message) {
  const err = new Error(message)
  err.statusCode = 400
  err.body = { __type: 'com.amazonaws.dynamodb.v20120810#ResourceNotFoundException', message: message }
  return err
}

require.cache[actionPath].exports = updateTable
