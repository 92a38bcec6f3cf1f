#include "report/junit_xml.hpp"

#include <expat.h>

#include <cstring>
#include <memory>

namespace bds::test {
namespace {

struct State {
    JunitDocument doc;
    std::string suite;
};

std::string attribute(const XML_Char** attrs, const char* name) {
    for (int i = 0; attrs[i]; i += 2)
        if (std::strcmp(attrs[i], name) == 0) return attrs[i + 1];
    return "";
}

void start(void* data, const XML_Char* element, const XML_Char** attrs) {
    auto& s = *static_cast<State*>(data);
    const std::string e = element;
    if (e == "testsuite") s.suite = attribute(attrs, "name");
    if (e == "testcase") s.doc.cases.push_back({s.suite, attribute(attrs, "name"), "", ""});
    if ((e == "failure" || e == "error" || e == "skipped") && !s.doc.cases.empty()) {
        s.doc.cases.back().result = e;
        s.doc.cases.back().message = attribute(attrs, "message");
    }
}

void end(void*, const XML_Char*) {}

}  // namespace

JunitDocument parse_junit(const std::string& xml) {
    State state;
    std::unique_ptr<XML_ParserStruct, decltype(&XML_ParserFree)> parser(XML_ParserCreate("UTF-8"), XML_ParserFree);
    XML_SetUserData(parser.get(), &state);
    XML_SetElementHandler(parser.get(), start, end);
    if (XML_Parse(parser.get(), xml.data(), static_cast<int>(xml.size()), 1) == XML_STATUS_ERROR)
        state.doc.error = std::string(XML_ErrorString(XML_GetErrorCode(parser.get()))) + " at line " +
                          std::to_string(XML_GetCurrentLineNumber(parser.get()));
    return state.doc;
}

}  // namespace bds::test
