"""The addresses a server can be opened at: this machine's own, and those of its network
interfaces that other machines on the network can reach (``tapete serve --host 0.0.0.0``).

Found with the standard library only, and without sending anything: on Linux each
interface's addresses (an ``ioctl`` per interface for IPv4, ``/proc/net/if_inet6`` for
IPv6); elsewhere the host name's addresses and the source address the system would use
for the documentation address 192.0.2.1 (a UDP socket ``connect``, which sends no packet).

>>> listen_urls("127.0.0.1", 8000)
(['http://127.0.0.1:8000/'], [])
>>> listen_urls("::1", 8080)
(['http://[::1]:8080/'], [])
>>> local, lan = listen_urls("0.0.0.0", 8000)
>>> local, all(u.startswith("http://") and not u.startswith("http://127.") for u in lan)
(['http://127.0.0.1:8000/'], True)
"""

from __future__ import annotations

import contextlib
import ipaddress
import socket
import struct
import sys
from pathlib import Path

#: The host names that mean every interface.
EVERYWHERE = ("0.0.0.0", "::", "")

_Address = ipaddress.IPv4Address | ipaddress.IPv6Address


def is_everywhere(host: str) -> bool:
    """True if listening on ``host`` means every interface (``0.0.0.0``, ``::``)."""
    return host.strip("[]") in EVERYWHERE


def is_local(host: str) -> bool:
    """True for loopback addresses and ``localhost``: only this machine reaches them.

    >>> is_local("127.0.0.1"), is_local("[::1]"), is_local("localhost"), is_local("0.0.0.0")
    (True, True, True, False)
    """
    host = host.strip("[]")
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def url(host: str, port: int) -> str:
    """``http://host:port/`` (an IPv6 address in brackets).

    >>> url("::1", 80), url("192.0.2.2", 8000)
    ('http://[::1]:80/', 'http://192.0.2.2:8000/')
    """
    host = host.strip("[]")
    return f"http://[{host}]:{port}/" if ":" in host else f"http://{host}:{port}/"


def listen_urls(host: str, port: int) -> tuple[list[str], list[str]]:
    """The URLs to open a server listening on ``host``: ``(this machine's, the network's)``.

    Listening on every interface, this machine's is the loopback one and the network's are
    the interfaces' (IPv6 ones too when ``host`` is ``::``); on one address, that one (in
    the first list if it is a loopback address, else in the second)."""
    if not is_everywhere(host):
        return ([url(host, port)], []) if is_local(host) else ([], [url(host, port)])
    six = host.strip("[]") == "::"
    local = [url("127.0.0.1", port)]
    lan = [url(str(a), port) for a in lan_addresses(ipv6=six)]
    return local, lan


def lan_addresses(*, ipv6: bool = False) -> list[_Address]:
    """This machine's addresses that other machines may reach: neither loopback nor
    link-local nor unspecified; IPv4 first, then (with ``ipv6``) IPv6; those of the
    interface of the default route before the others."""
    found: list[_Address] = []
    for text in _interface_addresses() or _fallback_addresses():
        with contextlib.suppress(ValueError):
            address = ipaddress.ip_address(text.split("%")[0])
            if address not in found:
                found.append(address)
    usable = [
        a
        for a in found
        if not (a.is_loopback or a.is_link_local or a.is_unspecified or a.is_multicast)
        and (ipv6 or a.version == 4)
    ]
    return sorted(usable, key=lambda a: a.version)  # stable: the default route's first


def _interface_addresses() -> list[str]:
    """Linux: the IPv4 address of each interface that is up, and the IPv6 addresses (the
    interface of the default route first)."""
    if not sys.platform.startswith("linux"):
        return []
    import fcntl

    siocgifaddr = 0x8915
    out: list[str] = []
    names = [name for _index, name in socket.if_nameindex()]
    names.sort(key=lambda name: name != _default_interface())
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        for name in names:
            request = struct.pack("256s", name.encode()[:15])
            try:
                answer = fcntl.ioctl(probe.fileno(), siocgifaddr, request)
            except OSError:  # no IPv4 address, or the interface is down
                continue
            out.append(socket.inet_ntoa(answer[20:24]))
    inet6 = Path("/proc/net/if_inet6")
    with contextlib.suppress(OSError):
        for line in inet6.read_text().splitlines():
            fields = line.split()
            if len(fields) >= 6 and len(fields[0]) == 32:
                out.append(str(ipaddress.IPv6Address(bytes.fromhex(fields[0]))))
    return out


def _default_interface() -> str:
    """Linux: the interface of the IPv4 default route (``/proc/net/route``), or ``""``."""
    with contextlib.suppress(OSError):
        for line in Path("/proc/net/route").read_text().splitlines()[1:]:
            fields = line.split()
            if len(fields) > 7 and fields[1] == "00000000" and fields[7] == "00000000":
                return fields[0]
    return ""


def _fallback_addresses() -> list[str]:
    """Other systems: the host name's addresses, and the source address of the route to the
    documentation address 192.0.2.1 (``connect`` on a UDP socket sends nothing)."""
    out: list[str] = []
    with contextlib.suppress(OSError):
        for *_, sockaddr in socket.getaddrinfo(socket.gethostname(), None):
            out.append(str(sockaddr[0]))
    with (
        contextlib.suppress(OSError),
        socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe,
    ):
        probe.connect(("192.0.2.1", 9))
        out.append(str(probe.getsockname()[0]))
    return out
