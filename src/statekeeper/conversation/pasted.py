"""What a pasted or forwarded e-mail carries besides its message: a header (who sent it, to
whom, when) and the earlier messages it quotes. Neither states anything new: "From: Ana
Ruiz" names no new caterer, "Date: 3 Sept" moves no booking, and "> On Tue, Paulo wrote:
> please hold row H" is the request the new message corrects."""

from __future__ import annotations

import re

# One line of a message header: "From: ...", "Sent: ...", "Cc: ...".
_HEADER = re.compile(r"^[ \t]*(?:from|to|cc|bcc|sent|date|reply-to)[ \t]*:[^\n]*$", re.I | re.M)
# The banner a mail program puts above a forwarded message.
_BANNER = re.compile(
    r"^[ \t]*-{2,}[ \t]*(?:forwarded message|original message)[ \t]*-{2,}[ \t]*$", re.I | re.M
)
# An earlier message quoted below a reply: its lines open with ">", and "On <date>, <name>
# wrote:" heads it.
_QUOTED = re.compile(r"^[ \t]*>[^\n]*$|^[ \t]*on [^\n]{3,80}\bwrote:[ \t]*$", re.I | re.M)
_HEADER_BLOCK = 2  # header lines that tell a pasted message from a line that says "to:"


def mail_lines(text: str) -> list[str]:
    """The lines of a turn that are a pasted message's header or the earlier messages it
    quotes, when it holds a message."""
    headers = [m.group(0) for m in _HEADER.finditer(text)]
    quoted = [m.group(0) for m in _QUOTED.finditer(text)]
    if len(headers) < _HEADER_BLOCK and not any("wrote:" in q for q in quoted):
        return []
    return headers + quoted + [m.group(0) for m in _BANNER.finditer(text)]
