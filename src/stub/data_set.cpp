#include "stub/data_set.hpp"

#include <filesystem>
#include <fstream>
#include <stdexcept>

namespace bds::stub {

std::map<std::string, std::size_t> load_data_set(StubServer& server, const std::string& dir) {
    namespace fs = std::filesystem;
    if (!fs::is_directory(dir)) throw std::runtime_error("data set: " + dir + " is not a directory");
    std::map<std::string, std::size_t> counts;
    for (const auto& tenant_dir : fs::directory_iterator(dir)) {
        if (!tenant_dir.is_directory()) continue;
        const std::string tenant_name = tenant_dir.path().filename().string();
        int tenant = 0;
        try {
            tenant = std::stoi(tenant_name);
        } catch (const std::exception&) {
            throw std::runtime_error("data set: " + tenant_dir.path().string() +
                                     ": expected a folder named by its tenant's customer_ID");
        }
        for (const auto& file : fs::directory_iterator(tenant_dir.path())) {
            if (file.path().extension() != ".json") continue;
            const std::string resource = file.path().stem().string();
            std::ifstream in(file.path());
            const auto records = nlohmann::json::parse(in, nullptr, false);
            if (records.is_discarded()) throw std::runtime_error("data set: " + file.path().string() + ": not JSON");
            try {
                server.load(tenant, resource, records);
            } catch (const std::runtime_error& e) {
                throw std::runtime_error("data set: " + file.path().string() + ": " + e.what());
            }
            counts["tenant " + tenant_name + " " + resource] = records.size();
        }
    }
    return counts;
}

}  // namespace bds::stub
