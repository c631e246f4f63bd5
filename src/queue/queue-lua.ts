/**
 * Lua scripts of the Redis request queue. Each runs atomically in Redis, and uses Redis' clock
 * (TIME) so workers on machines with skewed clocks agree on lock expiry and politeness gates.
 *
 * Keys under the queue prefix P (`sn:{task}:q:`):
 *   P meta          hash   createdAt, modifiedAt, total, handled, malformed, expiredLocks
 *   P req           hash   id -> request JSON (deleted once handled: the Bloom filter remembers it)
 *   P rh            hash   id -> host
 *   P h:<host>      list   pending ids of one host, head = next
 *   P hosts         zset   hosts with pending ids, score = time (ms) the host may be served again
 *   P gate          hash   host -> next allowed time (ms), survives the host's list running empty
 *   P locks         zset   id -> lock expiry (ms)
 *   P owner         hash   id -> client id holding the lock
 *   P owned:<c>     set    ids locked by client c (for renewing all its locks at once)
 *   P reclaimed     set    locked ids updated unhandled (a retry): unlocking puts them at the back
 * Bloom blocks: B<i> (B = `sn:{task}:bloom:b`).
 */

const COMMON = `
local function now_ms()
  local t = redis.call('TIME')
  return tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
end
local function schedule_host(P, host, now, forefront)
  local g = tonumber(redis.call('HGET', P .. 'gate', host) or '0')
  if forefront then
    -- DFS: the host goes first among the hosts allowed now, but never before its gate.
    redis.call('ZADD', P .. 'hosts', 'LT', g, host)
  else
    redis.call('ZADD', P .. 'hosts', 'NX', math.max(now, g), host)
  end
end
local function drop_lock(P, id)
  local o = redis.call('HGET', P .. 'owner', id)
  redis.call('ZREM', P .. 'locks', id)
  redis.call('HDEL', P .. 'owner', id)
  if o then redis.call('SREM', P .. 'owned:' .. o, id) end
end
`;

/**
 * Add a batch: Bloom test-and-set and enqueue in one script, so a URL is never marked seen
 * without being enqueued (bits are set only after the request is stored) and two workers adding
 * one URL enqueue it once.
 * ARGV: P, B, k, forefront(0|1), blob (per item: a block slot (unused here), k offsets;
 *       uint32 LE), then per item: id, host, json, block number
 * Returns per item: 0 new, 1 already present (pending), 2 already handled (or only in the Bloom filter).
 */
export function addLua(k: number): string {
  const v = Array.from({ length: k }, (_, j) => `o${j + 1}`);
  return `${COMMON}
local P, B, forefront, blob = ARGV[1], ARGV[2], ARGV[4] == '1', ARGV[5]
local now = now_ms()
local out = {}
local pos = 1
local n = (#ARGV - 5) / 4
local added = 0
for i = 1, n do
  local base = 5 + (i - 1) * 4
  local id, host, json, key = ARGV[base + 1], ARGV[base + 2], ARGV[base + 3], B .. ARGV[base + 4]
  local _b, ${v.join(', ')}
  _b, ${v.join(', ')}, pos = struct.unpack('<I4${'I4'.repeat(k)}', blob, pos)
  local seen = 1
  if redis.call('HEXISTS', P .. 'req', id) == 1 then
    -- Same request id pending under another URL (custom uniqueKey): never store it twice.
    seen = 2
  else
    -- One BITFIELD per URL, not k GETBITs: a redis.call costs far more than an argument.
    local bits = redis.call('BITFIELD', key, ${v.map((o) => `'GET', 'u1', ${o}`).join(', ')})
    for j = 1, ${k} do if bits[j] == 0 then seen = 0 break end end
  end
  if seen == 2 then
    out[i] = 1
  elseif seen == 1 then
    if redis.call('HEXISTS', P .. 'req', id) == 1 then out[i] = 1 else out[i] = 2 end
  else
    redis.call('HSET', P .. 'req', id, json)
    redis.call('HSET', P .. 'rh', id, host)
    if forefront then redis.call('LPUSH', P .. 'h:' .. host, id) else redis.call('RPUSH', P .. 'h:' .. host, id) end
    schedule_host(P, host, now, forefront)
    redis.call('BITFIELD', key, ${v.map((o) => `'SET', 'u1', ${o}, 1`).join(', ')})
    added = added + 1
    out[i] = 0
  end
end
if added > 0 then
  redis.call('HINCRBY', P .. 'meta', 'total', added)
  redis.call('HSET', P .. 'meta', 'modifiedAt', now)
end
return out
`;
}

/**
 * Return expired locks to their hosts (front of the list: they were being worked on), then lock
 * up to \`limit\` requests round-robin over the hosts whose gate is open.
 * ARGV: P, client, limit, lockMs, hostDelayMs
 * Returns { hasLockedOrGated (0|1), json... }
 */
export const LIST_AND_LOCK_LUA = `${COMMON}
local P, client, limit, lockMs, delay = ARGV[1], ARGV[2], tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5])
local now = now_ms()
local expired = redis.call('ZRANGEBYSCORE', P .. 'locks', '-inf', now, 'LIMIT', 0, 1000)
for _, id in ipairs(expired) do
  drop_lock(P, id)
  redis.call('SREM', P .. 'reclaimed', id)
  local h = redis.call('HGET', P .. 'rh', id)
  if h and redis.call('HEXISTS', P .. 'req', id) == 1 then
    redis.call('LPUSH', P .. 'h:' .. h, id)
    schedule_host(P, h, now, false)
    redis.call('HINCRBY', P .. 'meta', 'expiredLocks', 1)
  end
end
local out = {0}
local taken = 0
while taken < limit do
  local hosts = redis.call('ZRANGEBYSCORE', P .. 'hosts', '-inf', now, 'LIMIT', 0, limit - taken)
  if #hosts == 0 then break end
  for _, h in ipairs(hosts) do
    local lk = P .. 'h:' .. h
    local id = redis.call('LPOP', lk)
    if id then
      local body = redis.call('HGET', P .. 'req', id)
      if body then
        redis.call('ZADD', P .. 'locks', now + lockMs, id)
        redis.call('HSET', P .. 'owner', id, client)
        redis.call('SADD', P .. 'owned:' .. client, id)
        taken = taken + 1
        out[taken + 1] = body
      end
      local g = now + delay
      redis.call('HSET', P .. 'gate', h, g)
      if redis.call('LLEN', lk) > 0 then redis.call('ZADD', P .. 'hosts', g, h) else redis.call('ZREM', P .. 'hosts', h) end
    else
      redis.call('ZREM', P .. 'hosts', h)
    end
  end
  -- With a politeness delay every served host is now gated: one request per host per call.
  if delay > 0 then break end
end
if redis.call('ZCARD', P .. 'locks') > 0 or redis.call('ZCARD', P .. 'hosts') > 0 then out[1] = 1 end
return out
`;

/**
 * Update a request. Handled: drop body, lock and host entry, count it. Unhandled: store the new
 * body (retryCount, errorMessages) unless another client holds the lock; mark it reclaimed so
 * unlocking sends it to the back (retry after the others, as Crawlee's own queue does).
 * ARGV: P, id, json, handled(0|1), client
 * Returns { wasAlreadyHandled (0|1) }
 */
export const UPDATE_LUA = `${COMMON}
local P, id, json, handled, client = ARGV[1], ARGV[2], ARGV[3], ARGV[4] == '1', ARGV[5]
if redis.call('HEXISTS', P .. 'req', id) == 0 then return 1 end
local owner = redis.call('HGET', P .. 'owner', id)
if handled then
  if not owner then
    local h = redis.call('HGET', P .. 'rh', id)
    if h then redis.call('LREM', P .. 'h:' .. h, 0, id) end
  end
  drop_lock(P, id)
  redis.call('SREM', P .. 'reclaimed', id)
  redis.call('HDEL', P .. 'req', id)
  redis.call('HDEL', P .. 'rh', id)
  redis.call('HINCRBY', P .. 'meta', 'handled', 1)
  redis.call('HSET', P .. 'meta', 'modifiedAt', now_ms())
  return 0
end
if owner and owner ~= client then return 0 end
redis.call('HSET', P .. 'req', id, json)
if owner then redis.call('SADD', P .. 'reclaimed', id) end
return 0
`;

/**
 * Prolong a lock this client holds. ARGV: P, id, client, lockMs. Returns new expiry (ms) or an error.
 */
export const PROLONG_LUA = `${COMMON}
local P, id, client, lockMs = ARGV[1], ARGV[2], ARGV[3], tonumber(ARGV[4])
local owner = redis.call('HGET', P .. 'owner', id)
if owner ~= client then return redis.error_reply('request ' .. id .. ' is not locked by this client') end
local exp = now_ms() + lockMs
redis.call('ZADD', P .. 'locks', 'XX', exp, id)
return exp
`;

/** Prolong every lock this client holds (lock keeper). ARGV: P, client, lockMs. Returns count. */
export const PROLONG_ALL_LUA = `${COMMON}
local P, client, lockMs = ARGV[1], ARGV[2], tonumber(ARGV[3])
local exp = now_ms() + lockMs
local n = 0
for _, id in ipairs(redis.call('SMEMBERS', P .. 'owned:' .. client)) do
  if redis.call('HGET', P .. 'owner', id) == client then
    redis.call('ZADD', P .. 'locks', 'XX', 'GT', exp, id)
    n = n + 1
  else
    redis.call('SREM', P .. 'owned:' .. client, id)
  end
end
return n
`;

/**
 * Release a lock this client holds and put the request back: front of its host's list (given
 * up unprocessed, or forefront), back when it was reclaimed for a retry.
 * ARGV: P, id, client, forefront(0|1)
 */
export const UNLOCK_LUA = `${COMMON}
local P, id, client, forefront = ARGV[1], ARGV[2], ARGV[3], ARGV[4] == '1'
local owner = redis.call('HGET', P .. 'owner', id)
if owner ~= client then return redis.error_reply('request ' .. id .. ' is not locked by this client') end
drop_lock(P, id)
local reclaimed = redis.call('SREM', P .. 'reclaimed', id) == 1
local h = redis.call('HGET', P .. 'rh', id)
if h and redis.call('HEXISTS', P .. 'req', id) == 1 then
  if reclaimed and not forefront then redis.call('RPUSH', P .. 'h:' .. h, id) else redis.call('LPUSH', P .. 'h:' .. h, id) end
  schedule_host(P, h, now_ms(), forefront)
end
return 1
`;

/** Delete a request entirely (Crawlee's deleteRequest). ARGV: P, id */
export const DELETE_REQUEST_LUA = `${COMMON}
local P, id = ARGV[1], ARGV[2]
if redis.call('HEXISTS', P .. 'req', id) == 0 then return 0 end
local h = redis.call('HGET', P .. 'rh', id)
if h then redis.call('LREM', P .. 'h:' .. h, 0, id) end
drop_lock(P, id)
redis.call('SREM', P .. 'reclaimed', id)
redis.call('HDEL', P .. 'req', id)
redis.call('HDEL', P .. 'rh', id)
redis.call('HINCRBY', P .. 'meta', 'total', -1)
return 1
`;

/** Peek at the head without locking: round-robin order over hosts. ARGV: P, limit. Returns json... */
export const LIST_HEAD_LUA = `
local P, limit = ARGV[1], tonumber(ARGV[2])
local out = {}
local hosts = redis.call('ZRANGE', P .. 'hosts', 0, limit - 1)
local depth = 0
while #out < limit and depth < limit do
  local any = false
  for _, h in ipairs(hosts) do
    local id = redis.call('LINDEX', P .. 'h:' .. h, depth)
    if id then
      any = true
      local body = redis.call('HGET', P .. 'req', id)
      if body then out[#out + 1] = body end
      if #out >= limit then break end
    end
  end
  if not any then break end
  depth = depth + 1
end
return out
`;

/** Page budget: take one page when fewer than limit were taken. KEYS[1] counter; ARGV: limit. */
export const RESERVE_PAGE_LUA = `
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
if used >= tonumber(ARGV[1]) then return 0 end
redis.call('INCR', KEYS[1])
return 1
`;
