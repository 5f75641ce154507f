-- wrk (Debian's package) script for bench/api/wrk.ts. Arguments after `--`:
--   <mode: fixed | cookies | ping> <sessions file: "riderId token" per line, or -> <path> <threads> <start ms>
-- fixed:   the URL as given (with wrk's -H headers), the baseline and the dashboards.
-- cookies: GET <path>, each request with the next session's cookie (round robin): many users, not one.
-- ping:    POST /api/riders/{id}/location, the next rider's, with that rider's session, a fresh Idempotency-Key
--          (as the rider app's outbox sends) and { lat, lng, accuracy, recordedAt }.
-- Threads take every n-th session (no two threads send the same rider's pings). done() prints one JSON line;
-- its non2xx is wrk's count of answers with a status of 400 or more (wrk does not count 1xx or 3xx apart: none of
-- these endpoints answers them), its timeouts wrk's timeout count (wrk may count one stuck request more than once).
local threads = {}
local thread_no = 0

function setup(thread)
  thread:set("tid", thread_no)
  thread_no = thread_no + 1
  table.insert(threads, thread)
end

local mode, path
local ids, cookies = {}, {}
local n, i = 0, 0
local count = {}

function init(args)
  mode, path = args[1], args[3]
  local nthreads = tonumber(args[4])
  start_ms = tonumber(args[5])
  if args[2] ~= "-" then
    local k = 0
    for line in io.lines(args[2]) do
      if k % nthreads == tid then
        local id, token = line:match("^(%S+) (%S+)$")
        n = n + 1
        ids[n] = id
        cookies[n] = "kwt_session=" .. token
        count[n] = 0
      end
      k = k + 1
    end
    assert(n > 0, "fewer sessions than wrk threads")
  end
  math.randomseed(os.time() * 100 + tid)
end

local function uuid()
  return string.format("%08x-%04x-4%03x-%04x-%06x%06x", math.random(0, 0x7fffffff), math.random(0, 0xffff),
    math.random(0, 0xfff), 0x8000 + math.random(0, 0x3fff), math.random(0, 0xffffff), math.random(0, 0xffffff))
end

function request()
  if mode == "fixed" then return wrk.request() end
  i = i % n + 1
  if mode == "cookies" then
    return wrk.format("GET", path, { Cookie = cookies[i] })
  end
  -- A rider's k-th ping of this run is stamped start + k ms: distinct per rider within the run and from every
  -- earlier run (each starts over a second after the last began), so the server never takes one for a replay.
  count[i] = count[i] + 1
  local body = string.format('{"lat":%.6f,"lng":%.6f,"accuracy":%.1f,"recordedAt":%d}',
    29.3 + math.random() * 0.1, 47.9 + math.random() * 0.1, 5 + math.random(0, 200) / 10,
    start_ms + count[i])
  return wrk.format("POST", "/api/riders/" .. ids[i] .. "/location",
    { ["Content-Type"] = "application/json", Cookie = cookies[i], ["Idempotency-Key"] = uuid() }, body)
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'JSON {"requests":%d,"durationUs":%d,"non2xx":%d,"errors":%d,"timeouts":%d,"p50":%.3f,"p90":%.3f,"p99":%.3f,"max":%.3f}\n',
    summary.requests, summary.duration, e.status, e.connect + e.read + e.write, e.timeout,
    latency:percentile(50) / 1000, latency:percentile(90) / 1000, latency:percentile(99) / 1000, latency.max / 1000))
end
