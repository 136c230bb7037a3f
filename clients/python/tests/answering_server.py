"""A stand-in of OUR server (never of a trainer's API) answering every request with one status: the failures an
integration must survive without stopping the training (500: the server is in trouble; 400 / 409: a refused
batch). The tests of every integration drive their trainer's real dispatch against it."""
from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from server import free_port


class AnsweringServer:
    def __init__(self, status: int):
        outer = self
        self.posts = 0

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def do_POST(self):
                self.rfile.read(int(self.headers.get("content-length") or 0))
                outer.posts += 1
                payload = (
                    {"error": "refused by the test", "errors": [{"index": 0, "path": "id", "message": "refused by the test"}]}
                    if status < 500
                    else {"error": "boom"}
                )
                data = json.dumps(payload).encode()
                self.send_response(status)
                self.send_header("content-type", "application/json")
                self.send_header("content-length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            do_GET = do_POST

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


def closed_port_url() -> str:
    """An address nothing listens on: the server is down."""
    return f"http://127.0.0.1:{free_port()}"
