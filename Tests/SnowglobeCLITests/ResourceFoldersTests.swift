import Foundation
import TestSupport
import Testing
@testable import snowglobe

/// Where a binary finds the library, the examples and ca.lua: beside itself when installed, in
/// the package when built there, and the library wherever SNOWGLOBE_SCRIPTS says.
struct ResourceFoldersTests {
    @Test func anInstalledBinaryUsesShareSnowglobe() throws {
        let prefix = try TemporaryFolder()
        for folder in ["bin", "share/snowglobe/Scripts", "share/snowglobe/Examples", "share/snowglobe/definitions",
                       "share/snowglobe/exercises"] {
            try FileManager.default.createDirectory(atPath: prefix.path + "/" + folder, withIntermediateDirectories: true)
        }
        let found = ResourceFolders.locate(executable: prefix.path + "/bin/snowglobe", currentFolder: Project.root,
                                           environment: [:])
        let share = prefix.path + "/share/snowglobe"
        #expect(found == ResourceFolders(scripts: share + "/Scripts", examples: share + "/Examples",
                                         definitions: share + "/definitions", exercises: share + "/exercises"))
        #expect(found.missingLibraryHint == nil)
    }

    @Test func aBinaryInThePackageUsesThePackagesFolders() {
        let found = ResourceFolders.locate(executable: Project.root + "/.build/debug/snowglobe", currentFolder: "/",
                                           environment: [:])
        #expect(found == ResourceFolders(scripts: Project.scripts, examples: Project.examples, definitions: Project.docs,
                                         exercises: Project.root + "/exercises"))
    }

    @Test func theEnvironmentNamesTheLibraryAndABadNameIsSaid() throws {
        let library = try TemporaryFolder()
        let named = ResourceFolders.locate(executable: "/nowhere/bin/snowglobe", currentFolder: "/",
                                           environment: ["SNOWGLOBE_SCRIPTS": library.path])
        #expect(named == ResourceFolders(scripts: library.path))
        let bad = ResourceFolders.locate(executable: "/nowhere/bin/snowglobe", currentFolder: "/",
                                         environment: ["SNOWGLOBE_SCRIPTS": "/no/such/folder"])
        #expect(bad.scripts == nil)
        #expect(bad.missingLibraryHint == "no Scripts library found (looked for SNOWGLOBE_SCRIPTS=/no/such/folder "
            + "(not a folder); /nowhere/share/snowglobe/Scripts; Scripts/ beside a Package.swift above /nowhere/bin; "
            + "Scripts/ beside a Package.swift above /): set SNOWGLOBE_SCRIPTS=/path/to/Scripts to use one")
    }
}
