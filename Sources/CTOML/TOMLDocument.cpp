// toml++ → the flat records of CTOML.h. The only file that includes toml++.
#define TOML_EXCEPTIONS 0
#define TOML_ENABLE_FORMATTERS 0
#include <toml++/impl/preprocessor.h>
// toml++ 3.3 states some of its parser's expectations about the input as TOML_ASSERT_ASSUME:
// an assert() in a debug build and __builtin_assume in a release one, which is undefined
// behaviour when hostile input breaks it (`[`, `[!]` or `[.]` as a table header: toml-test's
// invalid cases abort a debug build). The parser checks the same things right after and
// reports them as errors, so the expectations are dropped here and the checks do the work.
#undef TOML_ASSERT_ASSUME
#define TOML_ASSERT_ASSUME(expr) static_assert(true)
#include <toml++/toml.h>

#include <pthread.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "CTOML.h"

namespace {

/// Line starts of the input, to turn toml++'s columns (counted in code points) into UTF-8
/// byte columns, which is how Folio counts columns everywhere.
struct LineTable {
  std::string_view text;
  std::vector<size_t> starts;

  explicit LineTable(std::string_view text) : text(text) {
    starts.push_back(0);
    for (size_t index = 0; index < text.size(); index++) {
      if (text[index] == '\n') starts.push_back(index + 1);
    }
  }

  uint32_t byteColumn(uint32_t line, uint32_t column) const {
    if (line == 0 || line > starts.size() || column == 0) return column;
    size_t offset = starts[line - 1];
    uint32_t bytes = 1;
    for (uint32_t codePoint = 1; codePoint < column && offset < text.size(); codePoint++) {
      // Step over one code point: its lead byte and its continuation bytes.
      size_t next = offset + 1;
      while (next < text.size() && (static_cast<unsigned char>(text[next]) & 0xC0) == 0x80) next++;
      bytes += static_cast<uint32_t>(next - offset);
      offset = next;
    }
    return bytes;
  }
};

/// Appends records to one growing buffer.
struct Writer {
  std::vector<uint8_t> bytes;
  const LineTable &lines;

  void raw(const void *data, size_t count) {
    const auto *start = static_cast<const uint8_t *>(data);
    bytes.insert(bytes.end(), start, start + count);
  }
  void u32(uint32_t value) { raw(&value, sizeof value); }
  void text(std::string_view value) {
    u32(static_cast<uint32_t>(value.size()));
    raw(value.data(), value.size());
  }
  void place(const toml::source_region &region) {
    u32(region.begin.line);
    u32(lines.byteColumn(region.begin.line, region.begin.column));
  }
  void head(char tag, const toml::node &node) {
    bytes.push_back(static_cast<uint8_t>(tag));
    place(node.source());
  }

  static std::string date(const toml::date &value) {
    char buffer[16];
    std::snprintf(buffer, sizeof buffer, "%04u-%02u-%02u", value.year % 10000u, value.month, value.day);
    return buffer;
  }
  static std::string time(const toml::time &value) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%02u:%02u:%02u", value.hour, value.minute, value.second);
    std::string result = buffer;
    if (value.nanosecond != 0) {
      std::snprintf(buffer, sizeof buffer, ".%09u", value.nanosecond);
      std::string fraction = buffer;
      while (fraction.back() == '0') fraction.pop_back();
      result += fraction;
    }
    return result;
  }
  static std::string offset(const toml::time_offset &value) {
    if (value.minutes == 0) return "Z";
    int minutes = value.minutes < 0 ? -value.minutes : value.minutes;
    char buffer[16];
    std::snprintf(buffer, sizeof buffer, "%c%02d:%02d", value.minutes < 0 ? '-' : '+', minutes / 60, minutes % 60);
    return buffer;
  }

  void node(const toml::node &node) {
    switch (node.type()) {
      case toml::node_type::table: {
        const auto &table = *node.as_table();
        head('t', node);
        u32(static_cast<uint32_t>(table.size()));
        // toml++ keeps a table's keys sorted; YAML mappings keep them in the order written,
        // and so do these, by where each key is.
        std::vector<std::pair<const toml::key *, const toml::node *>> entries;
        entries.reserve(table.size());
        for (const auto &[key, value] : table) entries.push_back({&key, &value});
        std::stable_sort(entries.begin(), entries.end(), [](const auto &left, const auto &right) {
          const auto &a = left.first->source().begin;
          const auto &b = right.first->source().begin;
          return a.line != b.line ? a.line < b.line : a.column < b.column;
        });
        for (const auto &[key, value] : entries) {
          place(key->source());
          text(key->str());
          this->node(*value);
        }
        break;
      }
      case toml::node_type::array: {
        const auto &array = *node.as_array();
        head('a', node);
        u32(static_cast<uint32_t>(array.size()));
        for (const auto &element : array) this->node(element);
        break;
      }
      case toml::node_type::string:
        head('s', node);
        text(node.as_string()->get());
        break;
      case toml::node_type::integer: {
        head('i', node);
        int64_t value = node.as_integer()->get();
        raw(&value, sizeof value);
        break;
      }
      case toml::node_type::floating_point: {
        head('f', node);
        double value = node.as_floating_point()->get();
        raw(&value, sizeof value);
        break;
      }
      case toml::node_type::boolean:
        head('b', node);
        bytes.push_back(node.as_boolean()->get() ? 1 : 0);
        break;
      case toml::node_type::date:
        head('d', node);
        text(date(node.as_date()->get()));
        break;
      case toml::node_type::time:
        head('T', node);
        text(time(node.as_time()->get()));
        break;
      case toml::node_type::date_time: {
        const auto &value = node.as_date_time()->get();
        head(value.offset ? 'D' : 'L', node);
        std::string text = date(value.date) + "T" + time(value.time);
        if (value.offset) text += offset(*value.offset);
        this->text(text);
        break;
      }
      case toml::node_type::none:
        break;
    }
  }
};

/// One parse, handed to the thread that runs it.
struct Job {
  std::string_view input;
  uint32_t maxDepth;
  folio_toml_result result;
};

char *copy(const std::string &text) {
  char *copy = static_cast<char *>(std::malloc(text.size() + 1));
  if (copy) std::memcpy(copy, text.c_str(), text.size() + 1);
  return copy;
}

void fail(Job &job, const std::string &message, uint32_t line, uint32_t column) {
  job.result.message = copy(message);
  job.result.line = line;
  job.result.column = column;
}

void run(Job &job) {
  LineTable lines(job.input);
  toml::parse_result parsed = toml::parse(job.input);
  if (!parsed) {
    const auto &error = parsed.error();
    const auto &begin = error.source().begin;
    fail(job, std::string(error.description()), begin.line, lines.byteColumn(begin.line, begin.column));
    return;
  }
  toml::table &root = parsed.table();
  // Every table and array, parents before children, found without recursion; checked for depth.
  std::vector<toml::node *> containers;
  std::vector<std::pair<toml::node *, uint32_t>> stack{{&root, 1}};
  bool tooDeep = false;
  while (!stack.empty()) {
    auto [node, depth] = stack.back();
    stack.pop_back();
    containers.push_back(node);
    if (depth > job.maxDepth && !tooDeep) {
      tooDeep = true;
      const auto &begin = node->source().begin;
      fail(job, "the document nests more than " + std::to_string(job.maxDepth) + " levels deep", begin.line,
           lines.byteColumn(begin.line, begin.column));
    }
    if (auto *table = node->as_table()) {
      for (auto &[key, value] : *table) {
        if (value.is_table() || value.is_array()) stack.push_back({&value, depth + 1});
      }
    } else if (auto *array = node->as_array()) {
      for (auto &value : *array) {
        if (value.is_table() || value.is_array()) stack.push_back({&value, depth + 1});
      }
    }
  }
  if (!tooDeep) {
    Writer writer{{}, lines};
    writer.node(root);
    job.result.tree = static_cast<uint8_t *>(std::malloc(writer.bytes.size() ? writer.bytes.size() : 1));
    if (job.result.tree) {
      std::memcpy(job.result.tree, writer.bytes.data(), writer.bytes.size());
      job.result.tree_length = writer.bytes.size();
    } else {
      fail(job, "out of memory", 1, 1);
    }
  }
  // Children before parents, so that each container is empty of containers when it is cleared
  // and toml++'s destructors never recurse more than a level.
  for (auto node = containers.rbegin(); node != containers.rend(); ++node) {
    if (auto *table = (*node)->as_table()) {
      table->clear();
    } else if (auto *array = (*node)->as_array()) {
      array->clear();
    }
  }
}

void *runJob(void *argument) {
  auto &job = *static_cast<Job *>(argument);
  try {
    run(job);
  } catch (...) {
    // Only allocation can throw with TOML_EXCEPTIONS off.
    if (!job.result.message) fail(job, "out of memory", 1, 1);
    std::free(job.result.tree);
    job.result.tree = nullptr;
  }
  return nullptr;
}

}  // namespace

extern "C" folio_toml_result folio_toml_parse(const char *bytes, size_t length, uint32_t max_depth,
                                              size_t stack_bytes) {
  Job job{std::string_view(bytes, length), max_depth, {nullptr, 0, nullptr, 0, 0}};
  pthread_attr_t attributes;
  pthread_t thread;
  bool started = false;
  if (pthread_attr_init(&attributes) == 0) {
    started = pthread_attr_setstacksize(&attributes, stack_bytes) == 0 &&
              pthread_create(&thread, &attributes, runJob, &job) == 0;
    pthread_attr_destroy(&attributes);
  }
  if (!started) {
    fail(job, "could not start a thread to parse on", 1, 1);
    return job.result;
  }
  pthread_join(thread, nullptr);
  return job.result;
}

extern "C" void folio_toml_result_free(folio_toml_result *result) {
  std::free(result->tree);
  std::free(result->message);
  result->tree = nullptr;
  result->message = nullptr;
}
