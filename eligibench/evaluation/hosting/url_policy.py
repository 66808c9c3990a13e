"""Where the evaluator may send an agent service's traffic.

Two rules, for two kinds of run:

- **Shape** (every run, development included): a service URL is `http(s)://host[:port][/path]`:
  no user name or password, no query, no fragment, a path of plain segments (no `..`, no `%`
  escapes). The harness fetches `<url>/.well-known/agent-card.json` and then posts to the card's
  JSON-RPC endpoint on the same origin; a query or fragment would make that first fetch another
  resource (`http://127.0.0.1:PORT/gradio_api/info?` fetched the board's API page), so it is refused.
- **Address** (the operator's worker, `enforced(policy)`): a submitted service must not reach the
  operator's own network. Every address its host resolves to must be globally routable: not
  loopback, private, link-local, carrier-grade NAT, multicast, unspecified or reserved, and not
  one of the worker's own addresses. The operator's own services are let through by an explicit
  allow-list (params.yaml `services.allow`: host names, `host:port`, addresses or CIDR networks).
  Development runs (`benyfits evaluate --agent-url` by the user) enforce no address rule: their
  service is usually on loopback.

DNS rebinding: the address is checked where the connection is made, not only before. The
worker's HTTP connections go through `GuardedBackend`, which resolves the host itself, checks
every address, and connects to the checked address (the name is still used for TLS SNI and
certificate checks), so a name that answers a public address to the check and a private one to
the connection cannot switch it: the connection is pinned to the address that was checked.
"""
from __future__ import annotations

import ipaddress
import re
import socket
import threading
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Callable, Iterator, Sequence
from urllib.parse import urlsplit

from eligibench.errors import BenyfitsError

ALLOW_SETTING = "params.yaml services.allow"
_PATH = re.compile(r"^(/[A-Za-z0-9._~-]+)*/?$")
IP = ipaddress.IPv4Address | ipaddress.IPv6Address


class ServiceURLError(BenyfitsError, ValueError):
    """A service URL of the wrong shape (names the URL and what is wrong; `problem`: the latter)."""

    def __init__(self, message: str, problem: str = ""):
        super().__init__(message)
        self.problem = problem or message


class ServiceAddressRefused(BenyfitsError):
    """A service host that resolves to an address the worker may not reach."""


def check_url_shape(url: str) -> str:
    """`url` without a trailing slash; ServiceURLError naming the problem."""
    if not isinstance(url, str) or not url or any(c.isspace() or ord(c) < 32 for c in url):
        raise ServiceURLError(f"service URL {url!r}: expected http(s)://host[:port][/path] without spaces")
    parts = urlsplit(url)

    def bad(problem: str) -> ServiceURLError:
        return ServiceURLError(f"service URL {url!r}: {problem}", problem)
    if parts.scheme not in ("http", "https"):
        raise bad("expected http:// or https://")
    if "@" in parts.netloc:
        raise bad("a user name or password in the URL is not allowed")
    if "?" in url or parts.query:
        raise bad("a query ('?...') is not allowed: give the service's base URL (the harness "
                              "fetches <url>/.well-known/agent-card.json)")
    if "#" in url:
        raise bad("a fragment ('#...') is not allowed")
    if not parts.hostname:
        raise bad("no host")
    try:
        port = parts.port
    except ValueError:
        raise bad("the port is not a number from 1 to 65535") from None
    if port is not None and not 1 <= port <= 65535:
        raise bad("the port is not a number from 1 to 65535")
    if not _PATH.match(parts.path) or any(seg in (".", "..") for seg in parts.path.split("/")):
        raise bad(f"path {parts.path!r}: expected plain segments of letters, digits, '.', '_', "
                              "'~' or '-' (no '..', no %-escapes)")
    return url.rstrip("/")


def _category(ip: IP) -> str | None:
    """What `ip` is, as the refusal says it ("a loopback address"), or None (globally routable)."""
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        return _category(ip.ipv4_mapped)
    for name, test in (("an unspecified", ip.is_unspecified), ("a loopback", ip.is_loopback),
                       ("a link-local", ip.is_link_local), ("a multicast", ip.is_multicast),
                       ("a private", ip.is_private), ("a reserved", ip.is_reserved)):
        if test:
            return f"{name} address"
    if not ip.is_global:
        return "an address that is not globally routable"
    return None


_OWN: set[IP] | None = None
_OWN_LOCK = threading.Lock()


def own_addresses() -> set[IP]:
    """The worker's own addresses: its host name's, and the source address of its default route
    (a UDP socket `connect`s without sending anything). Cached for the process."""
    global _OWN
    with _OWN_LOCK:
        if _OWN is None:
            found: set[IP] = set()
            try:
                for info in socket.getaddrinfo(socket.gethostname(), None):
                    found.add(ipaddress.ip_address(info[4][0].split("%")[0]))
            except OSError:
                pass
            for family, probe in ((socket.AF_INET, "192.0.2.1"), (socket.AF_INET6, "2001:db8::1")):
                try:
                    with socket.socket(family, socket.SOCK_DGRAM) as s:
                        s.connect((probe, 9))
                        found.add(ipaddress.ip_address(s.getsockname()[0].split("%")[0]))
                except OSError:
                    pass
            _OWN = found
        return set(_OWN)


@dataclass(frozen=True)
class ServicePolicy:
    """The worker's rule: globally routable addresses only, except the operator's `allow` entries
    (host names, `host:port`, addresses, CIDR networks)."""

    allow: tuple[str, ...] = ()
    resolver: Callable[[str, int], Sequence[str]] | None = None  # tests: host, port -> addresses

    def __post_init__(self) -> None:
        for entry in self.allow:
            if not isinstance(entry, str) or not entry.strip():
                raise ServiceURLError(f"{ALLOW_SETTING}: entry {entry!r}: expected a host, host:port, address or "
                                      "network (CIDR)")

    def _allowed(self, host: str, port: int, ip: IP | None) -> bool:
        for entry in self.allow:
            e = entry.strip().lower()
            if ip is not None:
                try:
                    if ip in ipaddress.ip_network(e.strip("[]"), strict=False):
                        return True
                    continue
                except ValueError:
                    pass
            name, _, want = e.rpartition(":") if re.search(r":\d+$", e) and e.count(":") == 1 else (e, "", "")
            if name.strip("[]") == host.lower() and (not want or int(want) == port):
                return True
        return False

    def resolve(self, host: str, port: int) -> list[str]:
        if self.resolver is not None:
            return list(self.resolver(host, port))
        try:
            infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
        except socket.gaierror as e:
            raise ServiceAddressRefused(f"agent service host {host!r} does not resolve: {e.strerror or e}") from None
        return list(dict.fromkeys(i[4][0] for i in infos))

    def checked_addresses(self, host: str, port: int) -> list[str]:
        """Every address `host` resolves to, each allowed (else ServiceAddressRefused naming it)."""
        if self._allowed(host, port, None):  # the operator named this host: its addresses are theirs
            return self.resolve(host, port)
        addresses = self.resolve(host, port)
        if not addresses:
            raise ServiceAddressRefused(f"agent service host {host!r} resolves to no address")
        own = own_addresses()
        for a in addresses:
            ip = ipaddress.ip_address(a.split("%")[0])
            if self._allowed(host, port, ip):
                continue
            why = _category(ip) or ("one of this worker's own addresses" if ip in own else None)
            if why:
                shown = host if host == a else f"{host!r} ({a})"
                raise ServiceAddressRefused(
                    f"agent service host {shown} is {why}: "
                    f"a submitted service may not reach the operator's network (an operator's own service "
                    f"goes in {ALLOW_SETTING})")
        return addresses

    def check_url(self, url: str) -> None:
        parts = urlsplit(check_url_shape(url))
        self.checked_addresses(parts.hostname or "", parts.port or (443 if parts.scheme == "https" else 80))


_ACTIVE: ServicePolicy | None = None
_ACTIVE_LOCK = threading.Lock()


def active() -> ServicePolicy | None:
    """The policy the worker enforces now; None in development runs (no address rule)."""
    return _ACTIVE


@contextmanager
def enforced(policy: ServicePolicy) -> Iterator[ServicePolicy]:
    """Enforce `policy` on every service connection this process makes inside the block (the
    worker evaluates one submission at a time; the dialog threads of that run all see it)."""
    global _ACTIVE
    with _ACTIVE_LOCK:
        before, _ACTIVE = _ACTIVE, policy
    try:
        yield policy
    finally:
        with _ACTIVE_LOCK:
            _ACTIVE = before


def policy_from_params(params: dict[str, Any], where: str = "params.yaml") -> ServicePolicy:
    """The worker's policy from a loaded params mapping (`services.allow`, a list; default empty)."""
    section = params.get("services") or {}
    if not isinstance(section, dict):
        raise ServiceURLError(f"{where}: 'services' must be a mapping with an 'allow' list")
    allow = section.get("allow") or []
    if not isinstance(allow, list) or not all(isinstance(a, str) for a in allow):
        raise ServiceURLError(f"{where}: 'services.allow' must be a list of hosts, host:port, addresses or networks")
    return ServicePolicy(tuple(allow))


class GuardedBackend:
    """An httpcore network backend that applies the active policy at connect time: it resolves
    the host, checks every address and connects to the checked one (pinned: see the module
    docstring). With no active policy it is the default backend."""

    def __init__(self) -> None:
        import httpcore

        self.inner = httpcore.AnyIOBackend()

    async def connect_tcp(self, host: str, port: int, timeout: float | None = None, local_address: str | None = None,
                          socket_options: Any = None) -> Any:
        policy = active()
        if policy is not None:
            import anyio

            # resolving blocks: off the event loop; the first checked address is the one connected to
            host = (await anyio.to_thread.run_sync(policy.checked_addresses, host, port))[0]
        return await self.inner.connect_tcp(host, port, timeout=timeout, local_address=local_address,
                                            socket_options=socket_options)

    async def connect_unix_socket(self, path: str, timeout: float | None = None, socket_options: Any = None) -> Any:
        if active() is not None:
            raise ServiceAddressRefused("agent service: a unix socket is not a service URL")
        return await self.inner.connect_unix_socket(path, timeout=timeout, socket_options=socket_options)

    async def sleep(self, seconds: float) -> None:
        await self.inner.sleep(seconds)


def guarded_transport() -> Any:
    """httpx's AsyncHTTPTransport with `GuardedBackend` under its connection pool."""
    import httpx

    transport = httpx.AsyncHTTPTransport()
    # httpx exposes no network_backend argument; its pool (httpcore.AsyncConnectionPool) keeps the
    # backend in this attribute and uses it for every new connection (tested: a refused address
    # never gets a connection, test_service_urls.py)
    transport._pool._network_backend = GuardedBackend()
    return transport
