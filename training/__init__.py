"""How the computer's learned judgement is made (docs/computer.md): the self-play games it learns
from (`training.selfplay`) and the fit that turns them into the weights the engine ships
(`training.fit`). Needs `.[training]`; the engine reads the weights with no library at all."""
