#include "cli/run.h"

int main(int argc, char** argv) { return gpulint::cli::run(argc, argv); }
