// ok: GPU400
// A pybind11 helper module as evaluation code writes it: assert from the
// headers pybind11 brings in, typed wrappers built from attributes, and a
// dict of keyword arguments, a lambda bound as a method. It is CPU code:
// nothing here is a GPU finding.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <vector>

namespace py = pybind11;
using namespace pybind11::literals;

template <typename T> std::vector<T> to_vector(const py::list& items) {
  std::vector<T> out;
  for (size_t i = 0; i < items.size(); ++i) out.push_back(items[i].cast<T>());
  return out;
}

py::dict summarize(const py::object& params) {
  const std::vector<double> thresholds = to_vector<double>(params.attr("thresholds"));
  const int count = py::len(params.attr("thresholds"));
  assert(count == static_cast<int>(thresholds.size()));
  std::vector<double> totals;
  for (int i = 0; i < count; ++i) totals.push_back(thresholds[i] * 2);  // ok: GPU406
  return py::dict("params"_a = params, "totals"_a = totals);
}

struct Evaluator {
  double run(int k) const { return k * 0.5; }
};

PYBIND11_MODULE(eval_helpers, m) {
  m.def("summarize", &summarize);
  py::class_<Evaluator, std::shared_ptr<Evaluator>>(m, "Evaluator")
      .def("__call__", [](const Evaluator& e, int k) { return e.run(k); }, py::is_operator());
}
