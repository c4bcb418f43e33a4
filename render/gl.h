// The OpenGL 4.5 core entry points, from the glad loader generated at build time.
#pragma once

#include <glad/gl.h>
