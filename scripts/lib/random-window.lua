-- wrk: windows at random offsets, no session, gzip accepted (CONTENT from the environment;
-- PLAIN=1: no Accept-Encoding; ACCEPT_ENCODING: another value, such as a browser's
-- "gzip, deflate, br, zstd"). With FILES=N it asks instead for the captured bodies
-- w0.json ... w(N-1).json at random (a static server holding the same windows). Each
-- thread draws its own (seeded apart), the same ones on every run.
local content = tonumber(os.getenv("CONTENT") or "56000000")
local files = tonumber(os.getenv("FILES") or "0")
local accept = os.getenv("ACCEPT_ENCODING") or "gzip"
local headers = os.getenv("PLAIN") == "1" and {} or { ["Accept-Encoding"] = accept }
local threads = 0

function setup(thread)
    threads = threads + 1
    thread:set("seed", 6 + threads)
end

function init(args)
    math.randomseed(seed)
end

function request()
    if files > 0 then
        return wrk.format("GET", "/w" .. math.random(0, files - 1) .. ".json", headers)
    end
    return wrk.format("GET", "/window?offset=" .. math.random(0, content - 800) .. "&height=800", headers)
end
