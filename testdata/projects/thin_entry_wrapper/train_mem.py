# A thin entry file: it patches attention, then runs the training module's
# train(), which reads the job's argv.
from trainlib.patches import use_fast_attention

use_fast_attention()

from trainlib.train import train

if __name__ == "__main__":
    train()
