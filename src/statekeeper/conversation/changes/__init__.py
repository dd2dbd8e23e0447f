"""The parts of the decision of what a turn changes, one phenomenon to a module;
`statekeeper.conversation.decide` composes them."""
