"""The host's SSH key: made once, then reused forever.

Regenerating it would make every player's ssh print "REMOTE HOST IDENTIFICATION
HAS CHANGED", so the key is written atomically (0600 temp file, then rename) and
only ever read afterwards.
"""

from __future__ import annotations

import os
from pathlib import Path

import asyncssh

KEY_NAME = "ssh_host_ed25519_key"


def load_or_create_host_key(data_dir: Path) -> asyncssh.SSHKey:
    """Return the host key stored in ``data_dir``, creating it on first start."""
    data_dir.mkdir(parents=True, exist_ok=True)
    path = data_dir / KEY_NAME
    if path.exists():
        return asyncssh.read_private_key(str(path))
    key = asyncssh.generate_private_key("ssh-ed25519")
    tmp = path.with_suffix(".tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "wb") as handle:
        handle.write(key.export_private_key())
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(tmp, path)
    pub = data_dir / (KEY_NAME + ".pub")
    pub.write_bytes(key.export_public_key())
    return key


def fingerprint(key: asyncssh.SSHKey) -> str:
    """SHA256 fingerprint, as OpenSSH shows it on first connect."""
    return key.get_fingerprint()
