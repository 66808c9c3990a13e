"""Plain text of the source's eligibility HTML, for comparing texts."""
import html
import re


def plain_text(eligibility_html: str) -> str:
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", eligibility_html))).strip()
