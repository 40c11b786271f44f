#pragma once
// Edit builders for block-style YAML: append an item to a block sequence,
// add a key to a block mapping, replace a scalar. They follow the file's own
// indentation (the column of the existing items or keys and the gap after
// `-`) and line endings, and give up (nullopt) on flow style (`[...]`,
// `{...}`) and JSON, where a generated edit could not match the style.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/fix.h"
#include "frontend/config/config_model.h"
#include "frontend/source_file.h"

namespace gpulint::fixits {

// `lines` is the new item's content without its `- `, nested lines
// indented relative to the first ({"name: dshm", "emptyDir:", "  medium: Memory"}).
[[nodiscard]] std::optional<Edit> appendSequenceItem(const SourceFile& file, const config::ConfigValue& sequence,
                                                     const std::vector<std::string>& lines);
// `lines` is the new entry, starting with its key line ({"volumes:", "  - name: dshm"}),
// nested lines indented relative to the key.
[[nodiscard]] std::optional<Edit> addMappingEntry(const SourceFile& file, const config::ConfigValue& mapping,
                                                  const std::vector<std::string>& lines);
// Replaces a plain or quoted scalar, keeping its quote style.
[[nodiscard]] std::optional<Edit> replaceScalar(const SourceFile& file, const config::ConfigValue& scalar,
                                                const std::string& text);

// Replaces the value `literal` written at the end of a command token (the
// `0` of `--num-workers 0`, `"0"`, `--num-workers=0`, `-j0`), keeping any
// quotes around it; nullopt when the token's bytes do not end with it.
[[nodiscard]] std::optional<Edit> replaceTokenValue(const SourceFile& file, uint32_t begin, uint32_t end,
                                                    std::string_view literal, const std::string& replacement);

}  // namespace gpulint::fixits
