"""Two independent HTTP/1.1 request parsers used as oracles: h11 and httptools
(the llhttp parser of Node.js). Each is fed the bytes of a case as one server
connection would receive them and says "accept" or "reject".

A connection that ends cleanly, or that is still waiting for more bytes of a
request (a body not sent yet), counts as accepted: the parser found nothing
wrong. Bytes after a request that closes the connection (`Connection: close`,
HTTP/1.0) are never read by a server, so they are ignored here too.
"""

import h11
import httptools

ACCEPT = "accept"
REJECT = "reject"


def h11_verdict(data: bytes) -> str:
    """Parses `data` with h11's server side, answering each request with an empty 200."""
    conn = h11.Connection(h11.SERVER)
    conn.receive_data(data)
    try:
        while True:
            event = conn.next_event()
            if event is h11.NEED_DATA or event is h11.PAUSED:
                return ACCEPT
            if isinstance(event, h11.EndOfMessage):
                if conn.their_state is h11.MIGHT_SWITCH_PROTOCOL:
                    return ACCEPT  # CONNECT or Upgrade: the connection is handed over
                if conn.our_state is h11.SEND_RESPONSE:
                    conn.send(h11.Response(status_code=200, headers=[("Content-Length", "0")]))
                    conn.send(h11.EndOfMessage())
                if conn.our_state is not h11.DONE or conn.their_state is not h11.DONE:
                    return ACCEPT  # the connection closes here; later bytes are never read
                conn.start_next_cycle()
            elif isinstance(event, h11.ConnectionClosed):
                return ACCEPT
    except h11.RemoteProtocolError:
        return REJECT


class _Events:
    """httptools callbacks: only whether a request ended and what it said about the connection."""

    def __init__(self):
        self.parser = None
        self.closed = False

    def on_message_complete(self):
        if not self.parser.should_keep_alive():
            self.closed = True


def httptools_verdict(data: bytes) -> str:
    """Parses `data` with llhttp in its default (strict) mode."""
    events = _Events()
    parser = httptools.HttpRequestParser(events)
    events.parser = parser
    try:
        parser.feed_data(data)
    except httptools.HttpParserUpgrade:
        return ACCEPT  # CONNECT or Upgrade: the parser hands the connection over, as designed
    except httptools.HttpParserError:
        # llhttp refuses bytes after a request that closes the connection; a
        # server stops reading there, so that is not a verdict on the request.
        return ACCEPT if events.closed else REJECT
    return ACCEPT


ORACLES = {"h11": h11_verdict, "httptools": httptools_verdict}
