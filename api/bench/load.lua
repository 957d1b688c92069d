-- wrk's script for bench/db.ts: one money POST per request, each with its own Idempotency-Key.
--   BENCH_PEOPLE_FILE   lines of "<session cookie> <user id>"
--   BENCH_OPERATION     transfer (1 Taka) | cash-out (50 Taka) | deposit (1 Taka) | cash-in (1 Taka)
--                       | payment (1 Taka, to a merchant of BENCH_MERCHANTS_FILE, by its id)
--   BENCH_AGENT_ID      the agent every cash-out goes to
--   BENCH_AGENT_COOKIE  the session of the agent who gives every cash-in (to a person of the file)
--   BENCH_MERCHANTS_FILE  lines of merchant ids (merchants.id): each payment goes to one at random
--   BENCH_KEY_PREFIX    unique to this wrk process, so no two requests share a key
--   BENCH_PIN           the wallet PIN, sent with money leaving a wallet; empty where the build has none
-- It prints one line "WRK {json}" of figures, and "WRKERR <status> <body>" with the first refusal
-- or failure it saw, if any (bench/db.ts fails the round on any).
local threads = {}
local people = {}
local merchants = {}
local operation = os.getenv("BENCH_OPERATION")
local agent = os.getenv("BENCH_AGENT_ID")
local agentCookie = os.getenv("BENCH_AGENT_COOKIE")
local prefix = os.getenv("BENCH_KEY_PREFIX")
local pin = os.getenv("BENCH_PIN") or ""
local sent = 0
c4, c5 = 0, 0
firstError = ""

function setup(thread)
  thread:set("tid", #threads + 1)
  table.insert(threads, thread)
end

function init(args)
  for line in io.lines(os.getenv("BENCH_PEOPLE_FILE")) do
    local cookie, id = line:match("^(%S+) (%S+)$")
    table.insert(people, { cookie = cookie, id = id })
  end
  local merchantsFile = os.getenv("BENCH_MERCHANTS_FILE") or ""
  if merchantsFile ~= "" then
    for line in io.lines(merchantsFile) do table.insert(merchants, line) end
  end
  math.randomseed(os.time() * 100 + tid)
end

local function pick()
  return people[math.random(#people)]
end

function request()
  sent = sent + 1
  local from = pick()
  local path, body
  if operation == "transfer" then
    local to = pick()
    while to == from do to = pick() end
    path, body = "/api/v1/wallet/transfer", '{"receiverId":"' .. to.id .. '","balance":1}'
  elseif operation == "cash-out" then
    path, body = "/api/v1/agent/cash-out", '{"agentId":"' .. agent .. '","balance":50}'
  elseif operation == "payment" then
    local merchant = merchants[math.random(#merchants)]
    path, body = "/api/v1/wallet/pay", '{"merchantId":"' .. merchant .. '","amount":1}'
  elseif operation == "cash-in" then
    -- The agent gives: the person picked is the receiver.
    path, body = "/api/v1/agent/cash-in", '{"userId":"' .. from.id .. '","balance":1}'
    from = { cookie = agentCookie }
  else
    path, body = "/api/v1/wallet/deposit", '{"balance":1}'
  end
  local headers = {
    ["Content-Type"] = "application/json",
    ["Cookie"] = from.cookie,
    ["Idempotency-Key"] = prefix .. "-" .. tid .. "-" .. sent,
  }
  -- Money leaving a wallet carries the wallet PIN every bench person has (where the build has PINs).
  if operation ~= "deposit" and pin ~= "" then headers["X-Wallet-Pin"] = pin end
  return wrk.format("POST", path, headers, body)
end

function response(status, headers, body)
  if status >= 400 then
    if status >= 500 then c5 = c5 + 1 else c4 = c4 + 1 end
    if firstError == "" then firstError = status .. " " .. string.sub(body or "", 1, 300):gsub("[\r\n]", " ") end
  end
end

function done(summary, latency)
  local c4s, c5s, firstErr = 0, 0, ""
  for _, thread in ipairs(threads) do
    c4s = c4s + thread:get("c4")
    c5s = c5s + thread:get("c5")
    if firstErr == "" then firstErr = thread:get("firstError") or "" end
  end
  local e = summary.errors
  io.write(string.format(
    'WRK {"requests":%d,"seconds":%f,"p50":%f,"p99":%f,"c4":%d,"c5":%d,"errors":%d}\n',
    summary.requests, summary.duration / 1e6, latency:percentile(50) / 1000, latency:percentile(99) / 1000,
    c4s, c5s, e.connect + e.read + e.write + e.timeout))
  if firstErr ~= "" then io.write("WRKERR " .. firstErr .. "\n") end
end
