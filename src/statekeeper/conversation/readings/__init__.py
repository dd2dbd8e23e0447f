"""The parts of reading a user's turn into decisions, one job to a module;
`statekeeper.conversation.reading` composes them."""
