-- wrk: windows at random offsets, no session, gzip accepted (CONTENT from the environment).
local content = tonumber(os.getenv("CONTENT") or "56000000")
math.randomseed(7)
request = function()
    return wrk.format("GET", "/window?offset=" .. math.random(0, content - 800) .. "&height=800",
        { ["Accept-Encoding"] = "gzip" })
end
