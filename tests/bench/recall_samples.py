"""Tiny made-up conversations in LoCoMo's and LongMemEval's shapes, for the recall bench."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


def locomo_sample() -> dict[str, Any]:
    """Two friends, two sessions. The file lists session 2 first: the loader must not care."""
    return {
        "sample_id": "demo-1",
        "conversation": {
            "speaker_a": "Marisol",
            "speaker_b": "Teodor",
            "session_2_date_time": "4:05 pm on 3 March, 2024",
            "session_2": [
                {
                    "speaker": "Teodor",
                    "dia_id": "D2:1",
                    "text": "Back from the lake! The kayak flipped twice.",
                },
                {
                    "speaker": "Marisol",
                    "dia_id": "D2:2",
                    "text": "Ha, look at what I glazed this week.",
                    "blip_caption": "a photo of a teal bowl on a wooden shelf",
                },
                {
                    "speaker": "Teodor",
                    "dia_id": "D2:3",
                    "text": "Lovely. Are you still going to the Thursday class?",
                },
            ],
            "session_1_date_time": "9:30 am on 14 February, 2024",
            "session_1": [
                {
                    "speaker": "Marisol",
                    "dia_id": "D1:1",
                    "text": "I signed up for a pottery course at the Kilnworks studio.",
                },
                {
                    "speaker": "Teodor",
                    "dia_id": "D1:2",
                    "text": "Nice! My cousin Ilse adopted a greyhound named Pepperoni.",
                },
                {
                    "speaker": "Marisol",
                    "dia_id": "D1:3",
                    "text": "Such a funny pick. How old is he?",
                },
                {"speaker": "Teodor", "dia_id": "D1:4", "text": "He turned 7 last month."},
            ],
        },
        "qa": [
            {
                "question": "What is the name of Ilse's greyhound?",
                "answer": "Pepperoni",
                "evidence": ["D1:2"],
                "category": 4,
            },
            {
                "question": "How old is the greyhound?",
                "answer": 7,
                "evidence": ["D1:4; D1:2"],
                "category": 2,
            },
            {
                "question": "Which studio does Marisol take pottery at?",
                "answer": "Kilnworks",
                "evidence": ["D1:1"],
                "category": 4,
            },
            {
                "question": "What colour is Teodor's kayak?",
                "adversarial_answer": "red",
                "evidence": [],
                "category": 5,
            },
        ],
    }


def longmemeval_instance(question_id: str = "ku-demo-1") -> dict[str, Any]:
    """A knowledge update: the rent was $1,450 in the first session, $1,600 in the second.
    The sessions are listed newest first."""
    return {
        "question_id": question_id,
        "question_type": "knowledge-update",
        "question": "How much is my monthly rent now?",
        "answer": "$1,600",
        "question_date": "2024/06/20 (Thu) 18:00",
        "haystack_dates": ["2024/05/30 (Thu) 08:15", "2024/04/02 (Tue) 21:40"],
        "haystack_session_ids": ["sess-new", "sess-old"],
        "haystack_sessions": [
            [
                {
                    "role": "user",
                    "content": "The landlord at 22 Birch Street raised my rent to $1,600 a month.",
                    "has_answer": True,
                },
                {"role": "assistant", "content": "That is a notable increase; want a budget?"},
            ],
            [
                {
                    "role": "user",
                    "content": "I pay $1,450 in rent for my place at 22 Birch Street.",
                    "has_answer": True,
                },
                {"role": "assistant", "content": "Got it, noted for your budget."},
                {"role": "user", "content": "Also my sister visits on 12 May."},
            ],
        ],
        "answer_session_ids": ["sess-old", "sess-new"],
    }


def write_json(path: Path, data: object) -> Path:
    path.write_text(json.dumps(data), encoding="utf-8")
    return path
