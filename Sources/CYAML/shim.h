// libyaml's event parser, read only by the YAML target.
#include <yaml.h>
