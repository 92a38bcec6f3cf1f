#include "history/xml_tree.hpp"

#include <expat.h>

namespace bds::test {
namespace {

struct XmlTreeState {
    XmlTree tree;
    std::vector<XmlElement*> open;
};

void xml_tree_start(void* data, const XML_Char* element, const XML_Char** attrs) {
    auto& s = *static_cast<XmlTreeState*>(data);
    auto e = std::make_unique<XmlElement>();
    e->name = element;
    for (int i = 0; attrs[i]; i += 2) e->attributes[attrs[i]] = attrs[i + 1];
    XmlElement* raw = e.get();
    if (s.open.empty())
        s.tree.root = std::move(e);
    else
        s.open.back()->children.push_back(std::move(e));
    s.open.push_back(raw);
}

void xml_tree_end(void* data, const XML_Char*) { static_cast<XmlTreeState*>(data)->open.pop_back(); }

void xml_tree_text(void* data, const XML_Char* text, int length) {
    auto& s = *static_cast<XmlTreeState*>(data);
    if (!s.open.empty()) s.open.back()->text.append(text, static_cast<std::size_t>(length));
}

}  // namespace

std::string XmlElement::attribute(const std::string& key) const {
    const auto it = attributes.find(key);
    return it == attributes.end() ? "" : it->second;
}

std::string XmlElement::all_text() const {
    std::string out = text;
    for (const auto& c : children) out += c->all_text();
    return out;
}

std::vector<const XmlElement*> XmlElement::descendants(const std::string& element) const {
    std::vector<const XmlElement*> out;
    for (const auto& c : children) {
        if (c->name == element) out.push_back(c.get());
        for (const auto* d : c->descendants(element)) out.push_back(d);
    }
    return out;
}

const XmlElement* XmlElement::by_id(const std::string& id) const {
    for (const auto& c : children) {
        if (c->attribute("id") == id) return c.get();
        if (const auto* d = c->by_id(id)) return d;
    }
    return nullptr;
}

XmlTree parse_xml_tree(const std::string& xml) {
    XmlTreeState state;
    std::unique_ptr<XML_ParserStruct, decltype(&XML_ParserFree)> parser(XML_ParserCreate("UTF-8"), XML_ParserFree);
    XML_SetUserData(parser.get(), &state);
    XML_SetElementHandler(parser.get(), xml_tree_start, xml_tree_end);
    XML_SetCharacterDataHandler(parser.get(), xml_tree_text);
    if (XML_Parse(parser.get(), xml.data(), static_cast<int>(xml.size()), 1) == XML_STATUS_ERROR) {
        state.tree.error = std::string(XML_ErrorString(XML_GetErrorCode(parser.get()))) + " at line " +
                           std::to_string(XML_GetCurrentLineNumber(parser.get()));
        state.tree.root.reset();
    }
    return std::move(state.tree);
}

}  // namespace bds::test
