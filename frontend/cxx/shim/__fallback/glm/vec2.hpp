// gpulint stand-in for GLM's <glm/vec2.hpp>: declared with <glm/glm.hpp>.
#pragma once
#include <glm/glm.hpp>
