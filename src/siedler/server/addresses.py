"""Which addresses are one client, for every per-address limit (issue 39, finding 5).

An IPv4 address is one client. An IPv6 address is not: a home or a server is given a whole /64 (2^64
addresses), and one of them picks a fresh address per request, so 14 creations from 14 addresses of one
/64 all succeeded where one address got 10 and then 429. IPv6 addresses are grouped by their first
``ipv6_prefix`` bits (64 by default, ``--ipv6-prefix``); an IPv4 address written as IPv6 (``::ffff:1.2.3.4``)
is that IPv4 address. What is not an address at all (a test client's name, ``unknown``) is its own group.

Every per-address limit keys by ``group``: ``Limits.client`` (creations, requests, seats of public games,
games of bots only, WebSocket connections) and the door's connection count (``gate.py``).
"""

from __future__ import annotations

import ipaddress
from functools import lru_cache

#: The default prefix: the size of network one IPv6 subscriber is given.
IPV6_PREFIX = 64


@lru_cache(maxsize=4096)
def group(address: str, ipv6_prefix: int = IPV6_PREFIX) -> str:
    """The client ``address`` belongs to, as the limits key it: an IPv4 address, an IPv6 network
    (``2001:db8:1:2::/64``), or the text itself when it is no address."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, ipv6_prefix), strict=False))
    return str(ip)
