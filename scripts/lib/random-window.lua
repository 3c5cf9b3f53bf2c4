-- wrk: windows at random offsets, no session, gzip accepted (CONTENT from the environment;
-- PLAIN=1: gzip not accepted). Each thread draws its own offsets (seeded apart), the same
-- ones on every run.
local content = tonumber(os.getenv("CONTENT") or "56000000")
local headers = os.getenv("PLAIN") == "1" and {} or { ["Accept-Encoding"] = "gzip" }
local threads = 0

function setup(thread)
    threads = threads + 1
    thread:set("seed", 6 + threads)
end

function init(args)
    math.randomseed(seed)
end

function request()
    return wrk.format("GET", "/window?offset=" .. math.random(0, content - 800) .. "&height=800", headers)
end
