#pragma once
// What says a training step's samples are large, so that a micro-batch of a
// few samples is what memory allows, not what idles the GPU (GPU204).
#include "frontend/python/script_model.h"

namespace gpulint::checks {

// The file says its samples are large: an argparse default, a module
// constant or a tokenizer/config keyword named for the image side
// (`--img_size 256`, `resolution = 1024`) of at least 256 pixels, or for
// the sequence length (`max_seq_length`, `block_size`) of at least 1024
// tokens, or 256 (or no truncation at all, `max_length=None`) where the model
// is of a large-input family or the micro-batch is accumulated (memory chose
// it); or the model it loads takes images with its text (a vision-language
// model), or is named for 20 billion parameters or more. One 256x256 image
// through a conv net, a few thousand tokens through a transformer, or a
// model that fills the card keep the GPU busy: a micro-batch of 1-4 is not
// what idles it.
[[nodiscard]] bool declaresLargeSamples(const python::ScriptModel& m, bool memory_bound);

}  // namespace gpulint::checks
