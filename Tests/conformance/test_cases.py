"""The table of cases (cases.py), each sent to Roster over a raw socket and fed to
the two oracles (oracles.py).

For every case: Roster answers exactly the expected statuses, keeps or closes
the connection as expected, sends JSON errors, rejects whatever both oracles
reject, and differs from both oracles only where the case says why.
"""

import json

import pytest

import report
from cases import CASES, REFUSALS
from oracles import ACCEPT, ORACLES, REJECT


def test_case_ids_are_unique():
    ids = [case.id for case in CASES]
    assert len(ids) == len(set(ids))


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_case(case, roster):
    verdicts = {name: oracle(case.raw) for name, oracle in ORACLES.items()}
    exchange = roster.exchange(case.raw)
    statuses = exchange.statuses
    roster_verdict = REJECT if any(s in REFUSALS for s in statuses) else ACCEPT
    report.record(case, verdicts, roster_verdict)

    probe = [200] if case.keeps_connection else []
    assert statuses == list(case.expect) + probe, (
        f"{case.section}: expected {list(case.expect)}"
        f"{' and the connection kept' if case.keeps_connection else ' and a close'}, got {statuses}"
    )
    assert exchange.closed, "Roster neither closed the connection nor answered the closing probe"
    assert exchange.leftover == b"", f"bytes that are not a whole response: {exchange.leftover[:200]!r}"
    for response in exchange.responses:
        if response.status >= 400:
            assert response.header("content-type") == "application/json"
            error = json.loads(response.body)
            assert set(error) >= {"error", "message"}, error
        if response.status in REFUSALS and response is not exchange.responses[-1]:
            pytest.fail(f"a refusal ({response.status}) must end the connection")

    if all(v == REJECT for v in verdicts.values()):
        assert roster_verdict == REJECT, "both oracles reject these bytes, Roster must too"
    differs = all(v != roster_verdict for v in verdicts.values())
    if differs:
        assert case.why, f"Roster {roster_verdict}s where both oracles say {verdicts}: give a reason"
    else:
        assert case.why is None, f"Roster agrees with an oracle now ({verdicts}): drop the reason"
