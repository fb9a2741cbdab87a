"""``meldhall serve``: start the host and say how to reach it."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import signal
import socket
import sys
from pathlib import Path

import platformdirs

from netcode.server import Host, HostConfig

log = logging.getLogger("meldhall")


def lan_address() -> str:
    """The address other machines on the LAN would use (no packet is sent)."""
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.connect(("192.0.2.1", 9))  # TEST-NET-1: routing lookup only
        return str(s.getsockname()[0])
    return "127.0.0.1"


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="meldhall", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    serve = sub.add_parser("serve", help="run the card room host")
    serve.add_argument("--host", default="0.0.0.0", help="address to listen on")
    serve.add_argument("--port", type=int, default=2222, help="SSH port (0: any free port)")
    serve.add_argument("--data-dir", type=Path,
                       default=Path(platformdirs.user_data_dir("meldhall")),
                       help="where the host key and the database live")
    serve.add_argument("--password", default=None, help="require this shared room password")
    serve.add_argument("--authorized-keys", type=Path, default=None,
                       help="accept only the keys in this authorized_keys file")
    serve.add_argument("--idle-timeout", type=float, default=3600.0,
                       help="close sessions with no input for this many seconds")
    serve.add_argument("--max-per-address", type=int, default=16)
    serve.add_argument("--max-unauthenticated", type=int, default=32)
    serve.add_argument("--bot-delay", type=float, default=1.0,
                       help="seconds a bot waits before acting")
    serve.add_argument("--allow-client-seeds", action="store_true",
                       help="let `create` choose the deal seed (tests and puzzles only)")
    serve.add_argument("-v", "--verbose", action="store_true")
    return parser


async def serve(args: argparse.Namespace) -> int:
    host = Host(HostConfig(
        data_dir=args.data_dir, host=args.host, port=args.port, password=args.password,
        authorized_keys=args.authorized_keys, idle_timeout=args.idle_timeout,
        max_per_address=args.max_per_address, max_unauthenticated=args.max_unauthenticated,
        bot_delay=args.bot_delay, allow_client_seeds=args.allow_client_seeds,
    ))
    port = await host.start()
    out = sys.__stdout__
    assert out is not None
    out.write(f"meldhall is listening on port {port}\n")
    out.write(f"players connect with:  ssh -p {port} NAME@{lan_address()}\n")
    out.write(f"host key fingerprint:  {host.fingerprint}\n")
    out.flush()
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    await stop.wait()
    log.info("shutting down")
    await host.stop()
    return 0


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    logging.basicConfig(
        stream=sys.__stderr__, level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    logging.getLogger("asyncssh").setLevel(logging.INFO if args.verbose else logging.WARNING)
    if args.command == "serve":
        return asyncio.run(serve(args))
    return 2


if __name__ == "__main__":
    sys.exit(main())
