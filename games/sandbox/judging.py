"""How the referee judges an entrant's answer to one move, by its own clock (whatever the sandbox)."""

#: Seconds a move may take beyond the time limit, by the referee's clock, which runs from sending the position
#: to reading the answer: so it also counts their trip through the channel and waking the paused process (a
#: fraction of a millisecond on CPython, a few in a browser's worker); 10 ms also leaves room for a busy
#: computer's scheduler. The entrant's own account of its time is never asked.
GRACE = 0.01


class OutOfTime(Exception):
    """The tournament's own time (``stop_at`` of a sandbox's ``move``) ran out while a move was asked: the move
    gets no verdict (it is nobody's fault), the entrant's sandbox has been ended, and the tournament stops."""


def judge(answer, waited, time_limit):
    """``("move", action)`` or ``(reason, detail)`` of a sandbox's answer (a dict of JSON, or None when none
    came). ``waited``: the seconds the referee waited for it, by its own clock; the answer's own fields
    about time, if any, are not read."""
    if time_limit is not None and waited > time_limit + GRACE:
        return "slow", f"{waited:.2f} s"
    if answer is None:
        if time_limit is not None and waited >= time_limit:
            return "slow", f"{waited:.2f} s"
        return "raised", "the sandbox stopped"
    action = answer.get("action")
    if type(action) is int:
        return "move", action
    for reason in ("illegal", "raised"):
        if isinstance(answer.get(reason), str):
            return reason, answer[reason][:300]
    return "raised", "the sandbox answered nonsense"
