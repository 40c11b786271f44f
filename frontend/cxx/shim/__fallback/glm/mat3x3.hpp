// gpulint stand-in for GLM's <glm/mat3x3.hpp>: declared with <glm/glm.hpp>.
#pragma once
#include <glm/glm.hpp>
