#pragma once
namespace gpulint::cli {
// Entry point of the command line; returns the process exit code.
int run(int argc, char** argv);
}  // namespace gpulint::cli
