"""What a pasted or forwarded e-mail carries besides its message: a header (who sent it, to
whom, when), a greeting and a sign-off, and the earlier messages it quotes. None states
anything new: "From: Ana Ruiz" names no new caterer, "Date: 3 Sept" moves no booking,
"Dear Mr Hale," and "Regards, J. Osei, Highways" name no supplier, and "> On Tue, Paulo
wrote: > please hold row H" is the request the new message corrects."""

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


# A letter's greeting, opening a line or a quotation: "Dear Mr Gwilliam,", "Hi Odalys,".
# It names whom the letter is to, no value of anything.
_GREETING = re.compile(
    r"(?:^|(?<=\n)|(?<=^['\"“‘])|(?<=\n['\"“‘]))[ \t]*(?:dear|hi|hello|good (?:morning|afternoon|evening))"
    r"[ \t]+[^,\n:;.!?]{1,40},",
    re.I,
)


# A letter's sign-off and the signature under it: "Regards, A. Mensah, Building Control
# Surveyor", "Kind regards,\nAlistair Venn\nMarketing Director". It names who wrote, no
# value of anything.
_SIGN_OFF = re.compile(
    r"\b(?:(?:(?:kind|best|warm|warmest|many)\s+)?regards|best wishes"
    r"|yours (?:sincerely|faithfully|truly)|many thanks)[ \t]*,[^\n\d]*(?:\n[ \t]*[^\n\d]{1,60}){0,3}$",
    re.I,
)


def mail_lines(text: str) -> list[str]:
    """The parts of a turn that are a pasted message's greeting, header or the earlier
    messages it quotes, when it holds a message."""
    letter = [m.group(0) for m in (*_GREETING.finditer(text), *_SIGN_OFF.finditer(text))]
    headers = [m.group(0) for m in _HEADER.finditer(text)]
    quoted = [m.group(0) for m in _QUOTED.finditer(text)]
    if len(headers) < _HEADER_BLOCK and not any("wrote:" in q for q in quoted):
        return letter
    return letter + headers + quoted + [m.group(0) for m in _BANNER.finditer(text)]
