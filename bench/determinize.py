"""What a searching bot pays per iteration before it plays on: ``determinize()`` for the seat to act.

Positions from the middle of random 4-player base games (offers off, as ``siedler bench``), each dealt anew
``--calls`` times by ``siedler bench``'s own per-call measurement (``call_costs``, which times the other
calls too); prints the median over the positions of the microseconds per call, and exits 0 when it is at
most issue 28's target (10 µs). Run it with the build to measure (``.venv-compiled/bin/python``).
"""

from __future__ import annotations

import argparse

from siedler.sim.bench import call_costs, midgame_positions

TARGET_US = 10.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=40, help="mid-game positions (default 40)")
    parser.add_argument("--calls", type=int, default=2000, help="determinize() calls per position (default 2000)")
    args = parser.parse_args()
    positions = midgame_positions("base", 4, {"max_offers": 0}, count=args.positions)
    median = call_costs(positions, calls=args.calls).determinize_us  # siedler bench's own measurement
    print(f"determinize(): {median:.2f} µs a call, median over {len(positions)} positions (target {TARGET_US} µs)")
    return 0 if median <= TARGET_US else 1


if __name__ == "__main__":
    raise SystemExit(main())
