"""Debian's Firefox ESR driven over WebDriver BiDi, its own remote protocol, spoken
directly over a WebSocket (Playwright cannot drive a stock Firefox)."""
import contextlib, json, os, re, shutil, subprocess, tempfile, time

from websockets.sync.client import connect


class Firefox:
    """A headless firefox-esr with one browsing context: navigate, resize, evaluate."""

    def __init__(self, width=800, height=800):
        self.profile = tempfile.mkdtemp(prefix="roster-firefox-")
        # Quiet first runs: no update checks, no remote settings, no telemetry.
        with open(os.path.join(self.profile, "user.js"), "w") as prefs:
            for name, value in (("app.update.disabledForTesting", "true"), ("datareporting.policy.dataSubmissionEnabled", "false"),
                                ("browser.shell.checkDefaultBrowser", "false"), ("toolkit.telemetry.reportingpolicy.firstRun", "false")):
                prefs.write(f'user_pref("{name}", {value});\n')
        self.log = open(os.path.join(self.profile, "stderr"), "w+")
        self.process = subprocess.Popen(
            [shutil.which("firefox-esr"), "--headless", "--profile", self.profile, "--remote-debugging-port", "0",
             "about:blank"], stdout=self.log, stderr=subprocess.STDOUT)
        url, end = None, time.time() + 30
        while url is None and time.time() < end:
            self.log.seek(0)
            found = re.search(r"WebDriver BiDi listening on (ws://\S+)", self.log.read())
            if found:
                url = found.group(1)
            else:
                time.sleep(0.05)  # between looks at its log
        if not url:
            self.close()
            raise RuntimeError("firefox-esr did not start its WebDriver BiDi server")
        self.connection = contextlib.ExitStack()
        self.socket = self.connection.enter_context(connect(url + "/session", max_size=None))
        self.next_id = 0
        self.send("session.new", {"capabilities": {}})
        self.context = self.send("browsingContext.getTree", {})["contexts"][0]["context"]
        self.resize(width, height)

    def send(self, method, params):
        """One command; its result, or RuntimeError with the protocol's error."""
        self.next_id += 1
        self.socket.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            message = json.loads(self.socket.recv(timeout=60))
            if message.get("id") != self.next_id:
                continue  # an event
            if message.get("type") == "error":
                raise RuntimeError(f"{method}: {message.get('error')}: {message.get('message')}")
            return message["result"]

    def resize(self, width, height):
        self.send("browsingContext.setViewport", {"context": self.context, "viewport": {"width": width, "height": height}})

    def goto(self, url):
        self.send("browsingContext.navigate", {"context": self.context, "url": url, "wait": "complete"})

    def evaluate(self, expression):
        """The JSON value of `expression` (a function body's value is JSON.stringify'd in the page)."""
        result = self.send("script.evaluate", {
            "expression": f"(async () => JSON.stringify(await ({expression})))()",
            "target": {"context": self.context}, "awaitPromise": True, "resultOwnership": "none"})
        if result.get("type") != "success":
            raise RuntimeError(f"evaluate failed: {result.get('exceptionDetails', {}).get('text')}")
        return json.loads(result["result"]["value"])

    def close(self):
        try:
            if getattr(self, "socket", None):
                self.send("session.end", {})
                self.connection.close()
        except Exception:
            pass
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
        shutil.rmtree(self.profile, ignore_errors=True)
