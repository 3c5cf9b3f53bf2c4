-- wrk: windows at random offsets like random-window.lua (no session, gzip accepted,
-- CONTENT from the environment), counting answers by status and error bodies that
-- name SQLite's busy state. Prints `name: value` lines when done.
local content = tonumber(os.getenv("CONTENT") or "56000000")
local threads = {}

function setup(thread)
    thread:set("seed", #threads + 7)
    table.insert(threads, thread)
end

function init(args)
    math.randomseed(seed)
    ok, server_errors, other, busy = 0, 0, 0, 0
end

function request()
    return wrk.format("GET", "/window?offset=" .. math.random(0, content - 800) .. "&height=800",
        { ["Accept-Encoding"] = "gzip" })
end

function response(status, headers, body)
    if status < 300 then
        ok = ok + 1
        return
    end
    if status >= 500 then server_errors = server_errors + 1 else other = other + 1 end
    if body and (body:find("SQLITE_BUSY", 1, true) or body:find("database is locked", 1, true)) then
        busy = busy + 1
    end
end

function done(summary, latency, requests)
    local totals = { ok = 0, server_errors = 0, other = 0, busy = 0 }
    for _, thread in ipairs(threads) do
        for name, _ in pairs(totals) do totals[name] = totals[name] + thread:get(name) end
    end
    local e = summary.errors
    io.write(string.format("windows 2xx: %d\n", totals.ok))
    io.write(string.format("windows 5xx: %d\n", totals.server_errors))
    io.write(string.format("windows other statuses: %d\n", totals.other))
    io.write(string.format("windows busy bodies: %d\n", totals.busy))
    io.write(string.format("socket errors: %d\n", e.connect + e.read + e.write + e.timeout))
    io.write(string.format("latency p50 ms: %.2f\n", latency:percentile(50) / 1000))
    io.write(string.format("latency p99 ms: %.2f\n", latency:percentile(99) / 1000))
    io.write(string.format("latency max ms: %.2f\n", latency.max / 1000))
    io.write(string.format("requests/s: %.0f\n", summary.requests / (summary.duration / 1e6)))
end
