"""``meldhall serve``: start the host and say how to reach it.
``meldhall join HOST``: play at a host from this terminal (the native client)."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import getpass
import ipaddress
import logging
import signal
import socket
import sys
from pathlib import Path

import platformdirs

from netcode.datadir import StartupError
from netcode.inputgate import InputLimits
from netcode.lobby import LobbyLimits
from netcode.server import Host, HostConfig
from netcode.sharing import STARTING_AT_ONCE
from tui import rendering

log = logging.getLogger("meldhall")


def lan_address() -> str:
    """The address other machines on the LAN would use (no packet is sent)."""
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.connect(("192.0.2.1", 9))  # TEST-NET-1: routing lookup only
        return str(s.getsockname()[0])
    return "127.0.0.1"


def connect_address(listen: str) -> str:
    """What players type after `@`: the LAN address when the host listens on every
    interface, else the one address it listens on (a host bound to 127.0.0.1 is not
    reachable at its LAN address, so printing that sent people to a dead end)."""
    if listen in ("", "0.0.0.0", "::"):
        return lan_address()
    return f"[{listen}]" if ":" in listen else listen


def loopback_only(listen: str) -> bool:
    """Whether the host listens where only this machine can reach it."""
    if listen == "localhost":
        return True
    with contextlib.suppress(ValueError):
        return ipaddress.ip_address(listen).is_loopback
    return False


_LOBBY, _INPUT = LobbyLimits(), InputLimits()  # the defaults the flags show and keep


def at_least_one(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be 1 or more, not {value}")
    return value


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
    serve.add_argument("--max-per-address", type=int, default=16,
                       help="connections one address may hold, logged in or not")
    serve.add_argument("--max-unauthenticated-per-address", type=int, default=8,
                       help="connections one address may hold before logging in")
    serve.add_argument("--max-unauthenticated", type=int, default=64,
                       help="connections the host holds before they log in (past it, the"
                       " busiest address's oldest is dropped)")
    serve.add_argument("--login-timeout", type=float, default=60.0,
                       help="seconds a connection has to log in (host-key prompt included)")
    serve.add_argument("--login-free-failures", type=int, default=5,
                       help="wrong reclaim codes or room passwords (per name and per address)"
                       " before each further try must wait 1, 2, 4, ... seconds")
    serve.add_argument("--login-lock-after", type=int, default=10,
                       help="wrong answers (per name and per address) that lock it out")
    serve.add_argument("--login-lockout", type=float, default=600.0,
                       help="seconds a lock-out lasts")
    serve.add_argument("--max-tables", type=int, default=_LOBBY.max_tables,
                       help="open tables in the whole room")
    serve.add_argument("--tables-per-player", type=int, default=_LOBBY.tables_per_player,
                       help="unfinished tables one player may have opened")
    serve.add_argument("--empty-table-ttl", type=float, default=_LOBBY.empty_table_ttl,
                       help="seconds an empty or finished table nobody is at is kept")
    serve.add_argument("--abandoned-table-ttl", type=float,
                       default=_LOBBY.abandoned_table_ttl,
                       help="seconds a table nobody is at is kept, seats held or not")
    serve.add_argument("--input-rate", type=int, default=_INPUT.rate,
                       help="characters a second one terminal may send (sustained)")
    serve.add_argument("--input-burst", type=int, default=_INPUT.burst,
                       help="characters one terminal may send at once")
    serve.add_argument("--paste-limit", type=int, default=_INPUT.paste,
                       help="characters of one pasted text that are kept")
    serve.add_argument("--bot-delay", type=float, default=1.0,
                       help="seconds a bot waits before acting")
    serve.add_argument("--open-hands", action="store_true",
                       help="when a deal ends, show spectators the cards left in every hand")
    serve.add_argument("--allow-client-seeds", action="store_true",
                       help="let `create` choose the deal seed (tests and puzzles only)")
    serve.add_argument("--no-gc-freeze", dest="gc_freeze", action="store_false",
                       help="let Python's collector walk every session's objects (slower"
                       " with a full room: see netcode/collector.py)")
    serve.add_argument("--render", type=rendering.parse,
                       default=",".join(sorted(rendering.SHORTCUTS)) or "textual",
                       metavar="SHORTCUTS",
                       help="rendering shortcuts into Textual's private classes: 'textual'"
                       " (none) or a comma list of " + ", ".join(sorted(rendering.KNOWN))
                       + " (default: %(default)s; see tui/rendering.py)")
    serve.add_argument("--share-spectator-screens", choices=("on", "off"), default="on",
                       help="spectators of a table with the same view, window size and "
                       "colours share one rendering (default: %(default)s; see "
                       "netcode/sharing.py)")
    serve.add_argument("--apps-starting-at-once", type=at_least_one, default=STARTING_AT_ONCE,
                       metavar="N", help="sessions whose screens may be starting at the "
                       "same time; the others wait their turn, so that a crowd arriving "
                       "does not slow play at the tables (default: %(default)s; see "
                       "netcode/sharing.py)")
    serve.add_argument("-v", "--verbose", action="store_true")
    export = sub.add_parser("export", help="write a finished game's record")
    export.add_argument("table", type=int, metavar="TABLE", help="the table's number")
    export.add_argument("--format", choices=("json", "text"), default="json",
                        help="json (for `meldhall replay`) or a readable text record")
    export.add_argument("--data-dir", type=Path,
                        default=Path(platformdirs.user_data_dir("meldhall")),
                        help="the host's data directory")
    replay = sub.add_parser("replay", help="step through a game record in this terminal")
    replay.add_argument("file", type=Path, metavar="FILE", help="a record from `export`")
    join = sub.add_parser("join", help="play at a meldhall host from this terminal")
    join.add_argument("hostname", metavar="HOST", help="the host's name or address")
    join.add_argument("--port", type=int, default=2222, help="the host's SSH port")
    join.add_argument("--name", default=None,
                      help="your player name (default: your login name)")
    join.add_argument("--identity", type=Path, default=None, metavar="KEYFILE",
                      help="SSH private key to use (default: your agent and ~/.ssh keys)")
    join.add_argument("--data-dir", type=Path,
                      default=Path(platformdirs.user_data_dir("meldhall")),
                      help="where known host keys and reclaim codes are kept")
    join.add_argument("-v", "--verbose", action="store_true")
    return parser


async def serve(args: argparse.Namespace) -> int:
    """Run the host until SIGINT/SIGTERM; a start-up failure is one line on stderr, status 1."""
    try:
        host = await _start(args)
    except StartupError as exc:
        _say(f"meldhall: {exc}")
        return 1
    out = sys.__stdout__
    assert out is not None
    out.write(f"meldhall is listening on port {host.port}\n")
    where = connect_address(args.host)
    out.write(f"players connect with:  ssh -p {host.port} NAME@{where}\n")
    if loopback_only(args.host):
        out.write(" " * 23 + "(this machine only: --host 0.0.0.0 opens it to the LAN)\n")
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


def host_config(args: argparse.Namespace) -> HostConfig:
    """The host's settings from ``serve``'s flags."""
    return HostConfig(
        data_dir=args.data_dir, host=args.host, port=args.port, password=args.password,
        authorized_keys=args.authorized_keys, idle_timeout=args.idle_timeout,
        max_per_address=args.max_per_address, max_unauthenticated=args.max_unauthenticated,
        max_unauthenticated_per_address=args.max_unauthenticated_per_address,
        login_timeout=args.login_timeout, login_free_failures=args.login_free_failures,
        login_lock_after=args.login_lock_after, login_lockout=args.login_lockout,
        bot_delay=args.bot_delay, allow_client_seeds=args.allow_client_seeds,
        open_hands=args.open_hands, gc_freeze=args.gc_freeze, render=args.render,
        share_spectator_screens=args.share_spectator_screens == "on",
        apps_starting_at_once=args.apps_starting_at_once,
        lobby_limits=LobbyLimits(
            max_tables=args.max_tables, tables_per_player=args.tables_per_player,
            empty_table_ttl=args.empty_table_ttl,
            abandoned_table_ttl=args.abandoned_table_ttl),
        input_limits=InputLimits(rate=args.input_rate, burst=args.input_burst,
                                 paste=args.paste_limit),
    )


async def _start(args: argparse.Namespace) -> Host:
    host = Host(host_config(args))
    await host.start()
    return host


def _say(text: str) -> None:
    out = sys.__stderr__
    if out is not None:
        out.write(text + "\n")
        out.flush()


def _ask(prompt: str) -> str | None:
    if not sys.stdin.isatty():
        return None
    try:
        return input(prompt)
    except EOFError:
        return None


def _password(prompt: str) -> str | None:
    if not sys.stdin.isatty():
        return None
    try:
        return getpass.getpass(prompt)
    except EOFError:
        return None


def default_name() -> str:
    try:
        name = getpass.getuser()
    except (KeyError, OSError):
        return "player"
    cleaned = "".join(c for c in name if c.isalnum() or c in "._-")[:16]
    return cleaned if cleaned[:1].isalnum() else "player"


async def join(args: argparse.Namespace) -> int:
    """Connect over the ``meldhall`` subsystem and run the screens on this terminal."""
    import asyncssh

    from netcode.native import HostKeyChanged, SubsystemLink
    from tui.app import make_app

    name = args.name or default_name()
    try:
        link = await SubsystemLink.connect(
            args.hostname, args.port, name, identity=args.identity, data_dir=args.data_dir,
            notify=_say, confirm=_ask, password_prompt=_password,
        )
    except HostKeyChanged as exc:
        _say(f"meldhall: refusing to connect. {exc}")
        return 1
    except asyncssh.HostKeyNotVerifiable:
        _say("meldhall: not connecting: the host key was not accepted.")
        return 1
    except asyncssh.PermissionDenied:
        _say(f"meldhall: {args.hostname} refused the login as {name}.")
        return 1
    except (OSError, asyncssh.Error) as exc:
        _say(f"meldhall: cannot reach {args.hostname} port {args.port}: {exc}")
        return 1
    from netcode.records import RecordStepper

    app = make_app(link, replayer=RecordStepper)
    # Ended by a signal (kill, a closed terminal), the screens still end as they do on
    # leaving: killed outright, the terminal stayed on the alternate screen with no echo
    # (play-test).
    stopped: list[int] = []

    def stop(number: int) -> None:
        stopped.append(number)
        app.exit()

    loop = asyncio.get_running_loop()
    for number in (signal.SIGTERM, signal.SIGHUP):
        loop.add_signal_handler(number, stop, number)
    try:
        result = await app.run_async()
    finally:
        for number in (signal.SIGTERM, signal.SIGHUP):
            loop.remove_signal_handler(number)
        await link.wait_closed()
    if stopped:
        return 128 + stopped[0]
    if link.fatal:
        said = link.fatal
        if args.name is None and " name" in said:
            # (the name came from this computer's user: "The name root is reserved" said
            # nothing of how to choose another, play-test)
            said += f" Choose one with: meldhall join {args.hostname} --name NAME"
        _say(f"meldhall: {said}")
        return 1
    if link.bye_reason and link.bye_reason not in ("left", "the connection closed"):
        _say(f"meldhall: the host ended the session: {link.bye_reason}")
    return int(result or 0)


def export(args: argparse.Namespace) -> int:
    """Print a finished table's record; one line on stderr if there is none to give."""
    from netcode.records import RecordError, build_record, dumps, loads, text_record
    from netcode.store import Store

    path = args.data_dir / "meldhall.sqlite3"
    if not path.is_file():
        _say(f"meldhall: no host database in {args.data_dir}")
        return 1
    store = Store(path)
    try:
        found = [t for t in store.load_tables() if t.id == args.table]
        if not found:
            _say(f"meldhall: there is no table {args.table}")
            return 1
        table = found[0]
        ids = [u for s in table.seat_records.values() for u in (s.user_id, s.played_user) if u]
        names = store.user_names(ids) if ids else {}
        players, covered = [], {}
        for seat, rec in sorted(table.seat_records.items()):
            user, bot = (rec.played_user, rec.played_bot) if rec.played_user or rec.played_bot \
                else (rec.user_id, rec.bot)  # (nobody played it, or an older database)
            players.append(names.get(user or "", f"bot {seat}" if bot else f"seat {seat}"))
            if not bot and rec.covered:
                covered[seat] = list(rec.covered)
        try:
            record = build_record(table.game, table.seats, table.seed, table.options,
                                  table.log, players, table=table.id, round_no=table.round,
                                  covered=covered)
        except RecordError:
            # The game under way is not over: the last one played to the end, if any
            # (play again took it away, play-test).
            earlier = store.last_finished(table.id)
            if earlier is None:
                raise
            record = loads(earlier)
    except RecordError as exc:
        _say(f"meldhall: {exc}")
        return 1
    finally:
        store.close()
    out = sys.__stdout__
    assert out is not None
    out.write(dumps(record) + "\n" if args.format == "json" else text_record(record))
    return 0


def replay(args: argparse.Namespace) -> int:
    """Step through a record in this terminal."""
    import engine
    from netcode.records import RecordError, RecordStepper, loads
    from tui.replay import ReplayApp

    try:
        record = loads(args.file.read_text(encoding="utf-8"))
        stepper = RecordStepper(record)
    except OSError as exc:
        _say(f"meldhall: cannot read {args.file}: {exc.strerror}")
        return 1
    except (RecordError, KeyError, TypeError, engine.EngineError) as exc:
        _say(f"meldhall: {args.file} is not a record this meldhall can replay: {exc}")
        return 1
    ReplayApp(stepper).run()
    return 0


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    log_format = "%(asctime)s %(levelname)s %(name)s: %(message)s"
    if args.command == "join":
        # The screen owns the terminal: log lines would scribble over it.
        args.data_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
        logging.basicConfig(filename=args.data_dir / "join.log", format=log_format,
                            level=logging.DEBUG if args.verbose else logging.WARNING)
    else:
        logging.basicConfig(stream=sys.__stderr__, format=log_format,
                            level=logging.DEBUG if getattr(args, "verbose", False)
                            else logging.WARNING if args.command != "serve" else logging.INFO)
    logging.getLogger("asyncssh").setLevel(
        logging.INFO if getattr(args, "verbose", False) else logging.WARNING)
    if args.command == "serve":
        return asyncio.run(serve(args))
    if args.command == "export":
        return export(args)
    if args.command == "replay":
        return replay(args)
    if args.command == "join":
        return asyncio.run(join(args))
    return 2


if __name__ == "__main__":
    sys.exit(main())
