-- wrk: each thread scrolls one session down the list in 40 px steps, sending
-- session and ack from the previous response, so every answer is a delta.
local session, ack, offset = nil, nil, 0
local content = tonumber(os.getenv("CONTENT") or "56000000")
request = function()
    offset = offset + 40
    if offset > content - 800 then offset = 0 end
    local path = "/window?offset=" .. offset .. "&height=800"
    if session then path = path .. "&session=" .. session .. "&ack=" .. ack end
    return wrk.format("GET", path, { ["Accept-Encoding"] = "identity" })
end
response = function(status, headers, body)
    session = body:match('"session":"([^"]+)"') or session
    ack = body:match('"seq":(%d+)') or ack
end
