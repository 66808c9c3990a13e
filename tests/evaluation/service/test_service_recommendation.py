"""An A2A agent service's optional recommendation: sent as "recommendation" beside its verdicts
(examples/a2a_service/serve.py sends `Agent.recommend`'s), read by the harness's ServiceAgent and
checked as every agent's is."""
from __future__ import annotations

import pytest

from eligibench.evaluation.hosting import AgentContext, AgentFault, ServiceAgent, recommendation_of
from tests.evaluation.service.asking_agent import AskingAgent
from tests.evaluation.service.servers import a2a_service
from tests.evaluation.service.test_service_dialogs import LABELS, _dialog


class Recommending(AskingAgent):
    choice = "IDNYC"

    def recommend(self, dialog):
        return self.choice


def test_the_recommendation_travels_beside_the_verdicts():
    with a2a_service(lambda: Recommending(AgentContext())) as served:
        agent = ServiceAgent(served.url, call_timeout_s=10)
        r = _dialog(agent)
        assert r.predictions is not None
        assert recommendation_of(agent, None, list(LABELS)) == "IDNYC"
    with a2a_service(lambda: AskingAgent(AgentContext())) as served:  # an agent without the hook sends none
        agent = ServiceAgent(served.url, call_timeout_s=10)
        _dialog(agent)
        assert recommendation_of(agent, None, list(LABELS)) is None


def test_a_recommendation_outside_the_dialog_is_the_agents_error():
    with a2a_service(lambda: type("Other", (Recommending,), {"choice": "SNAP"})(AgentContext())) as served:
        agent = ServiceAgent(served.url, call_timeout_s=10)
        _dialog(agent)
        with pytest.raises(AgentFault, match="recommend returned 'SNAP'"):
            recommendation_of(agent, None, list(LABELS))
