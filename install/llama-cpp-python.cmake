# Read by llama-cpp-python's CMake build through the README's CMAKE_ARGS
# (-DCMAKE_PROJECT_INCLUDE=$PWD/install/llama-cpp-python.cmake): CMake includes it at every
# project() call of that build (docs/models.md, "Installing llama.cpp").
#
# llama-cpp-python 0.3.36 sets LLAMA_BUILD_COMMON to ON with FORCE, so -DLLAMA_BUILD_COMMON=OFF
# on the command line is overwritten. A normal variable shadows that cache entry (CMake policy
# CMP0126, NEW under the build's cmake_minimum_required 3.21), so llama.cpp skips common/ and
# vendor/cpp-httplib: a static helper library for llama.cpp's own command-line tools that neither
# libllama, the ggml libraries nor the Python package load. Measured: 57 of 140 build steps and
# about 60 % of the compile time. The libraries the project uses are compiled with the same flags.
set(LLAMA_BUILD_COMMON OFF)
