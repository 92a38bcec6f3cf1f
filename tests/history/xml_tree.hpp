#pragma once
// A document read with expat into a tree of elements (a real XML parser: well-formedness is its business), for
// tests of pages written as well-formed XML, such as the history's HTML page.
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace bds::test {

/// An element: its name, attributes, text (its own character data, children's left out) and children.
struct XmlElement {
    std::string name;
    std::map<std::string, std::string> attributes;
    std::string text;
    std::vector<std::unique_ptr<XmlElement>> children;

    /// The attribute's value, "" when absent.
    std::string attribute(const std::string& key) const;
    /// Its text and all its descendants' text, in document order.
    std::string all_text() const;
    /// Every descendant (itself left out) named `element`, in document order.
    std::vector<const XmlElement*> descendants(const std::string& element) const;
    /// The first descendant whose id is `id`, or nullptr.
    const XmlElement* by_id(const std::string& id) const;
};

struct XmlTree {
    std::string error;  ///< expat's error and the line, when the document is not well-formed XML
    std::unique_ptr<XmlElement> root;
};

XmlTree parse_xml_tree(const std::string& xml);

}  // namespace bds::test
