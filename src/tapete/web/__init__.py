"""The online server: the FastAPI app (lobby HTTP API, WebSocket play, static pages).

``tapete serve`` runs :func:`tapete.web.app.create_app` (its routes in
:mod:`tapete.web.routes`) on uvicorn; ``docs/protocol.md`` is the contract.
"""
