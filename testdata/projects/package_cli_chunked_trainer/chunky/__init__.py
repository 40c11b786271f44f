from chunky.chunky import Tower
from chunky.trainer import ChunkedTrainer
