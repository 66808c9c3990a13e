"""What an agent host raises during a dialog; the dialog loop turns each into a termination."""


class AgentFault(Exception):
    """The agent broke the protocol; the message says how."""


class AgentInfraError(Exception):
    """The harness's model endpoint failed on the agent's behalf (raised by agent hosts only,
    from their own model calls: never from anything the agent says)."""


class BudgetExceeded(Exception):
    """The dialog spent its budget of model calls, tokens or wall time (raised by agent hosts)."""
