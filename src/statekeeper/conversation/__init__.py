"""Reading conversation: a turn becomes clauses, clauses yield typed values, and a pure
decision meets them with what is already known. Nothing here touches a store."""
