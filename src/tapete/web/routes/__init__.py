"""The server's routes, one :class:`fastapi.APIRouter` per concern: :mod:`.health` (liveness
and the process's figures, the processes' hand-over), :mod:`.lobby` (games, bots, tables,
seats, history), :mod:`.tables` (the play WebSocket, a finished table's record and replay)
and :mod:`.pages` (the browser pages)."""
