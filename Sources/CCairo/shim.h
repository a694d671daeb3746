#pragma once
// cairo from Debian (libcairo2-dev): the 2-D drawing library of the summary card.
#include <cairo.h>
