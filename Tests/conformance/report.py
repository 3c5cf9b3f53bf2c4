"""Collects each table case's verdicts and prints the closing summary."""

RESULTS = []  # (case, {oracle: verdict}, roster verdict)
SCRIPTED = []  # (name, section) of the scripted cases that ran


def record(case, oracles, roster):
    RESULTS.append((case, oracles, roster))


def summary_lines():
    if not RESULTS and not SCRIPTED:
        return []
    names = sorted({name for _, oracles, _ in RESULTS for name in oracles})
    agree = {name: sum(oracles[name] == roster for _, oracles, roster in RESULTS) for name in names}
    differs = [(c, o, r) for c, o, r in RESULTS if all(v != r for v in o.values())]
    both_reject = [r for _, o, r in RESULTS if all(v == "reject" for v in o.values())]
    lines = ["", "HTTP/1.1 conformance summary", "-" * 28]
    lines.append(f"table cases            {len(RESULTS)}")
    lines.append(f"scripted cases         {len(SCRIPTED)}")
    lines.append(f"all cases              {len(RESULTS) + len(SCRIPTED)}")
    for name in names:
        lines.append(f"same verdict as {name:<10} {agree[name]}")
    lines.append(f"agrees with an oracle  {len(RESULTS) - len(differs)}")
    lines.append(
        f"both oracles reject    {len(both_reject)}, Roster rejects {both_reject.count('reject')} of them"
    )
    lines.append(f"listed differences     {len(differs)}")
    if differs:
        lines.append("")
        width = max(len(c.id) for c, _, _ in differs)
        header = f"{'case':<{width}}  roster  " + "  ".join(f"{n:<9}" for n in names) + "  why"
        lines.append(header)
        for case, oracles, roster in differs:
            verdicts = "  ".join(f"{oracles[n]:<9}" for n in names)
            lines.append(f"{case.id:<{width}}  {roster:<6}  {verdicts}  {case.why}")
    return lines
