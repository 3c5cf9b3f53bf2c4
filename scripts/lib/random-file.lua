-- wrk: the files w0.json ... w(COUNT-1).json at random, gzip accepted (COUNT from the
-- environment, default 1,000). Each thread draws its own (seeded apart), the same every run.
local count = tonumber(os.getenv("COUNT") or "1000")
local threads = 0

function setup(thread)
    threads = threads + 1
    thread:set("seed", 6 + threads)
end

function init(args)
    math.randomseed(seed)
end

function request()
    return wrk.format("GET", "/w" .. math.random(0, count - 1) .. ".json", { ["Accept-Encoding"] = "gzip" })
end
